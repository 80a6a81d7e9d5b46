#!/usr/bin/env node
// The contract as other teams' tools read it: generate clients with hey-api (fetch, TanStack Query,
// zod) and orval (fetch, axios, react-query, zod, MSW), compile each with `tsc --strict --noEmit`,
// then answer every operation from orval's MSW mocks and validate each answer against the contract.
// These generators need Node >= 22.18; on an older Node a Node 22 binary comes from the npm registry.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const NODE22 = '22.23.3';

function run(cmd, args, opts = {}) {
  console.log(`\n$ ${[cmd, ...args].join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: here, ...opts });
  if (r.status !== 0) {
    console.error(`compat: ${[cmd, ...args].join(' ')} failed (exit ${r.status ?? r.signal})`);
    process.exit(1);
  }
}

function nodeAtLeast(version, major, minor) {
  const [a, b] = version.replace(/^v/, '').split('.').map(Number);
  return a > major || (a === major && b >= minor);
}

// 1. A Node that the generators accept.
let node = process.execPath;
if (!nodeAtLeast(process.version, 22, 18)) {
  const prefix = join(here, '.node22');
  node = join(prefix, 'node_modules', 'node', 'bin', 'node');
  if (!existsSync(node))
    run('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', `node@${NODE22}`]);
}
console.log(`compat: generators run on Node ${spawnSync(node, ['--version']).stdout.toString().trim()}`);

// 2. The generators, from this folder's own lockfile (reinstalled when it changes).
const lock = readFileSync(join(here, 'package-lock.json'), 'utf8');
const stamp = join(here, 'node_modules', '.lock-stamp');
if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== lock) {
  run('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts']);
  writeFileSync(stamp, lock);
}

// 3. Generate, from a clean output folder.
rmSync(join(here, 'out'), { recursive: true, force: true });
const bin = (pkg, file) => join(here, 'node_modules', pkg, file);
run(node, [bin('@hey-api/openapi-ts', 'bin/run.js'), '--file', 'openapi-ts.config.mjs']);
run(node, [bin('orval', 'dist/bin/orval.mjs'), '--config', 'orval.config.mjs']);

// 4. Every output compiles under --strict, and the contract's promises hold in what they emit.
run(node, [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.json']);
run(node, [bin('tsx', 'dist/cli.mjs'), 'check.ts']);
