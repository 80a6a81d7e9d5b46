#!/usr/bin/env node
// Starts a fresh mock (@cohort/mock, a dev dependency: the checker itself never needs it) on a free
// port, runs the full conformance run (--include all) against it, stops it and exits with the
// run's code. The root `npm test` calls this.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const mockMain = fileURLToPath(import.meta.resolve('@cohort/mock/main'));
const tsxLoader = import.meta.resolve('tsx');
const cli = fileURLToPath(new URL('./cohort-contract.mjs', import.meta.url));
const extra = process.argv.slice(2).filter((a) => a !== '--');

// Keep-alives every 500 ms, so the stream check sees one within its wait (the contract declares 15 s).
const mock = spawn(
  process.execPath,
  ['--import', tsxLoader, mockMain, '--port', '0', '--quiet', '--keep-alive', '500'],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);

function stop(code) {
  if (mock.exitCode === null) mock.kill('SIGTERM');
  process.exit(code);
}

const url = await new Promise((resolve) => {
  let seen = '';
  const timer = setTimeout(() => resolve(undefined), 30_000);
  mock.stdout.on('data', (chunk) => {
    seen += chunk;
    const match = /listening on (http:\/\/\S+)/.exec(seen);
    if (match) {
      clearTimeout(timer);
      resolve(match[1]);
    }
  });
  mock.once('exit', () => resolve(undefined));
});
if (!url) {
  console.error('conformance:mock: the mock did not start (no "listening on" line within 30 s)');
  stop(2);
}
// Keep draining the mock's output so it never blocks on a full pipe.
mock.stdout.resume();

const run = spawn(process.execPath, [cli, '--base-url', url, '--include', 'all', ...extra], { stdio: 'inherit' });
run.once('exit', (code, signal) => stop(code ?? (signal ? 2 : 1)));
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stop(130));
