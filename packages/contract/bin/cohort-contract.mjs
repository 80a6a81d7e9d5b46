#!/usr/bin/env node
// The package ships TypeScript source; tsx runs it so `npx cohort-contract` needs no build step.
import { register as registerHook } from 'node:module';
import { register } from 'tsx/esm/api';

register();
// Registered last, so it runs first: a packed install finds the vendored contract (see the hook).
registerHook('./openapi-hook.mjs', import.meta.url);
const { main } = await import('../src/cli/index.ts');
process.exitCode = await main(process.argv.slice(2));
