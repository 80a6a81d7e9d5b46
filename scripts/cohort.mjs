#!/usr/bin/env node
// One entry point for the README's two commands, so they work on a machine that has only Node and npm:
// `npm start` (install + web and mock) and `npm test` (install + every check and test).
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const PNPM = 'pnpm@10.34.9';
// These machines (and many CI runners) have no route to telemetry endpoints; do not wait on them.
Object.assign(process.env, {
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
});
const mode = process.argv[2];

// Each test step's wall time against its budget, printed when the run ends (passed or failed), so a
// slow step shows in the log; the budgets add up to eight minutes on a 2-core machine.
const steps = [];
function stepSummary() {
  if (steps.length === 0) return;
  const total = steps.reduce((sum, s) => sum + s.seconds, 0);
  const budget = steps.reduce((sum, s) => sum + (s.budget ?? 0), 0);
  console.log('\nStep times (seconds, budget):');
  for (const s of steps) {
    const over = s.budget !== undefined && s.seconds > s.budget ? '  OVER' : '';
    console.log(
      `  ${s.name.padEnd(34)} ${s.seconds.toFixed(0).padStart(5)}  ${String(s.budget ?? '-').padStart(5)}${over}`,
    );
  }
  console.log(`  ${'test steps in all'.padEnd(34)} ${total.toFixed(0).padStart(5)}  ${String(budget).padStart(5)}`);
}

function run(cmd, args, opts = {}, step) {
  console.log(`\n$ ${[cmd, ...args].join(' ')}`);
  const started = performance.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32', ...opts });
  if (step) steps.push({ ...step, seconds: (performance.now() - started) / 1000 });
  if (r.status !== 0) {
    stepSummary();
    process.exit(r.status ?? 1);
  }
}

function hasPnpm() {
  try {
    return execSync('pnpm --version', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .startsWith('10.');
  } catch {
    return false;
  }
}

/** The pid in a mock's lock file when that process is alive; undefined when there is none (or it is stale). */
function lockHolder(file) {
  let pid;
  try {
    pid = Number(readFileSync(file, 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return error.code === 'EPERM' ? pid : undefined;
  }
}

if (!hasPnpm()) run('npm', ['install', '--global', PNPM]);
// Inside `pnpm test`/`pnpm dev` the install is already done by the caller's own environment check;
// running it again is cheap (a no-op when the lockfile is satisfied).
run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline']);

if (mode === 'dev') {
  // The mock keeps what a developer creates in apps/mock/.data/dev.db across its restarts;
  // `pnpm dev -- --fresh` starts over from the seed.
  if (process.argv.includes('--fresh')) {
    // Never pull the file from under a running mock (it holds dev.db.lock with its pid).
    const holder = lockHolder('apps/mock/.data/dev.db.lock');
    if (holder !== undefined) {
      console.error(`apps/mock/.data/dev.db is in use by a running mock (pid ${holder}): stop it, then start over.`);
      process.exit(1);
    }
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`apps/mock/.data/dev.db${suffix}`, { force: true });
    console.log('Starting from the seed: removed apps/mock/.data/dev.db.');
  }
  run('pnpm', ['exec', 'turbo', 'run', 'dev', '--filter=@cohort/mock', '--filter=@cohort/web']);
} else if (mode === 'test') {
  // 1. The committed client must match the contract, checked before anything regenerates it (its own
  // turbo run: in one with `generate`, the check could read the fresh output). Cached, as lint is.
  run(
    'pnpm',
    ['exec', 'turbo', 'run', 'check:generated', '--filter=@cohort/api', '--output-logs=new-only'],
    {},
    { name: 'generated client in sync', budget: 10 },
  );
  run(
    'pnpm',
    ['--filter', '@cohort/openapi', 'run', 'check:asyncapi'],
    {},
    { name: 'generated AsyncAPI in sync', budget: 5 },
  );
  // 2. Lint (each package's `lint` and the repository-wide Biome and link checks), type-check, unit and
  // integration tests.
  run('pnpm', ['run', 'lint'], {}, { name: 'lint', budget: 40 });
  // Two tasks at a time: the integration and browser tests start real servers, and on a 2-core
  // machine running every package's suite at once makes their timings, not their logic, fail.
  run(
    'pnpm',
    // Only a failing task's log is printed (whole, once it ends), so a failure is at the log's end, not
    // buried among the other suites' passing lines.
    ['exec', 'turbo', 'run', 'typecheck', 'test', '--concurrency=2', '--continue', '--output-logs=errors-only'],
    {},
    {
      name: 'type-check, unit and integration',
      budget: 200,
    },
  );
  // The contract as other teams' generators read it (hey-api, orval): on its own, not a turbo task,
  // since it installs its generators and (on Node 20) a Node 22 from the npm registry, and turbo's
  // strict env mode would hide a machine's proxy and npm settings from it.
  // Its installs (a one-off download a machine, then a no-op) are a step of their own, out of the budget.
  run('node', ['openapi/compat/run.mjs', '--install-only'], {}, { name: 'compat generators install' });
  run(
    'pnpm',
    ['--filter', '@cohort/openapi', 'run', 'test:compat'],
    {},
    { name: 'other generators (compat)', budget: 30 },
  );
  // 3. Browser tests and the web size budget, then the conformance run against a fresh mock.
  if (existsSync('apps/web/package.json')) {
    const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
    if (!existsSync(chromium) && !process.env.CHROMIUM_PATH && existsSync('/usr/bin/apt-get')) {
      // Debian's Chromium (browser downloads are not an option on many machines); root or sudo.
      console.log('\nThe browser tests need Chromium: installing it from Debian.');
      const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
      const apt = (args) => (sudo.length ? run('sudo', ['apt-get', ...args]) : run('apt-get', args));
      apt(['update']);
      apt(['install', '-y', 'chromium']);
    }
    if (!existsSync(chromium)) {
      console.error(
        `Browser tests need Chromium at ${chromium} (Debian: apt-get install -y chromium, or set CHROMIUM_PATH).`,
      );
      process.exit(1);
    }
    run(
      'pnpm',
      ['exec', 'turbo', 'run', 'test:e2e', '--output-logs=errors-only'],
      {},
      { name: 'browser tests', budget: 170 },
    );
  }
  if (existsSync('packages/contract/package.json')) {
    run(
      'pnpm',
      ['--filter', '@cohort/contract', 'run', 'conformance:mock'],
      {},
      { name: 'conformance against the mock', budget: 30 },
    );
  }
  stepSummary();
} else {
  console.error('usage: node scripts/cohort.mjs dev|test');
  process.exit(2);
}
