#!/usr/bin/env node
// The contract as other teams' tools read it: generate clients with hey-api (fetch, TanStack Query,
// zod) and orval (fetch, axios, react-query, zod, MSW), compile each with `tsc --strict --noEmit`,
// then answer every operation from orval's MSW mocks and validate each answer against the contract.
// These generators need Node >= 22.18; on an older Node a Node 22 binary comes from the npm registry.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const NODE22 = '22.23.3';

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Runs one step; a step past its time limit is killed and fails the run (so CI never hangs here). */
function run(cmd, args, { limit = 300, ...opts } = {}) {
  console.log(`\n$ ${[cmd, ...args].join(' ')}`);
  const t = Date.now();
  const r = spawnSync(cmd, args, {
    stdio: 'inherit',
    cwd: here,
    timeout: limit * 1000,
    killSignal: 'SIGKILL',
    ...opts,
  });
  if (r.status !== 0) {
    const why =
      r.error?.code === 'ETIMEDOUT' ? `did not finish within ${limit} s` : `failed (exit ${r.status ?? r.signal})`;
    console.error(`compat: ${[cmd, ...args].join(' ')} ${why}`);
    process.exit(1);
  }
  console.log(`compat: step took ${seconds(t)}`);
}

/**
 * Runs independent steps at once (the generators; then the compile and the mock check), each with
 * its own limit, and prints each one's output whole when it ends. On a 2-core machine this halves
 * the run, which is two pairs of single-threaded steps.
 */
async function runTogether(steps) {
  const results = await Promise.all(
    steps.map(
      ({ cmd, args, limit = 300 }) =>
        new Promise((resolve) => {
          const t = Date.now();
          const child = spawn(cmd, args, { cwd: here, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          let timedOut = false;
          const timer = setTimeout(() => {
            timedOut = true;
            child.kill('SIGKILL');
          }, limit * 1000);
          child.on('close', (code, signal) => {
            clearTimeout(timer);
            const line = [cmd, ...args].join(' ');
            console.log(`\n$ ${line}\n${output.trimEnd()}`);
            const why = timedOut ? `did not finish within ${limit} s` : `failed (exit ${code ?? signal})`;
            if (code !== 0) console.error(`compat: ${line} ${why}`);
            else console.log(`compat: step took ${seconds(t)}`);
            resolve(code === 0);
          });
        }),
    ),
  );
  if (!results.every(Boolean)) process.exit(1);
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
  const version = () => spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  // A half-finished earlier install (interrupted download) is thrown away, not half-used.
  if (version() !== `v${NODE22}`) {
    rmSync(prefix, { recursive: true, force: true });
    // The `node` package fetches its platform binary in an install script: scripts must run here.
    const args = ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts=false'];
    run('npm', [...args, `node@${NODE22}`]);
    if (version() !== `v${NODE22}`) {
      console.error(`compat: npm installed node@${NODE22} but ${node} does not run it`);
      process.exit(1);
    }
  }
}
console.log(`compat: generators run on Node ${spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()}`);

// 2. The generators, from this folder's own lockfile (reinstalled when it changes).
const lock = readFileSync(join(here, 'package-lock.json'), 'utf8');
const stamp = join(here, 'node_modules', '.lock-stamp');
if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== lock) {
  run('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts', '--engine-strict=false']);
  writeFileSync(stamp, lock);
}

// The generators and their Node, installed; the test itself times only what follows (`--install-only`
// stops here, so a caller can keep the one-off downloads out of the test's time).
if (process.argv.includes('--install-only')) {
  console.log(`compat: generators installed in ${seconds(started)}`);
  process.exit(0);
}
const timed = Date.now();

// 3. Generate, from a clean output folder; the two generators write to separate folders.
rmSync(join(here, 'out'), { recursive: true, force: true });
const bin = (pkg, file) => join(here, 'node_modules', pkg, file);
await runTogether([
  { cmd: node, args: [bin('@hey-api/openapi-ts', 'bin/run.js'), '--file', 'openapi-ts.config.mjs'], limit: 120 },
  { cmd: node, args: [bin('orval', 'dist/bin/orval.mjs'), '--config', 'orval.config.mjs'], limit: 180 },
]);

// 4. Every output compiles under --strict, and the contract's promises hold in what they emit.
// Mock answers take milliseconds; a mock that builds a huge answer blocks the loop, so the step's
// limit is what stops it (COMPAT_DEBUG=1 prints each operation as it is asked).
// tsx as a loader, not its CLI, so the check is one process that the limit kills outright.
await runTogether([
  { cmd: node, args: [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.json'] },
  { cmd: node, args: ['--import', 'tsx', 'check.ts'], limit: 180 },
]);
console.log(`compat: passed in ${seconds(timed)} (${seconds(started)} with the installs)`);
