#!/usr/bin/env node
// Run by `pnpm pack` (prepack): copies the contract and @cohort/openapi's source into vendor/, so
// the tarball carries them and `npx` needs no workspace package (bin/openapi-hook.mjs finds them).
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const from = fileURLToPath(new URL('../../../openapi/', import.meta.url));
const to = fileURLToPath(new URL('../vendor/openapi/', import.meta.url));
rmSync(to, { recursive: true, force: true });
mkdirSync(to, { recursive: true });
cpSync(`${from}openapi.yaml`, `${to}openapi.yaml`);
cpSync(`${from}src`, `${to}src`, { recursive: true });
console.log(`vendored the contract and @cohort/openapi into ${to}`);
