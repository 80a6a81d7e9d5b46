#!/usr/bin/env node
// The published packages as an outside team gets them. Starts a local npm registry (Verdaccio, from
// npm), publishes @cohort/api, @cohort/mock and @cohort/contract to it with scripts/release.mjs (pnpm
// publish, as the release workflow does), then, from an empty folder with only Node and that registry,
// on Node 20, 22 and 24:
//   - `npx -y @cohort/mock --port 0` serves the demo account (sign-in works), Swagger UI at /docs and the
//     control panel at /__mock/ui; `npm ls --omit=dev` after installing it lists no package it bundles;
//   - `npx -y @cohort/contract --base-url …` passes against it and writes an HTML and a JUnit report;
//   - a small TypeScript project installs @cohort/api, type-checks a call (tsc --strict) and runs it.
// Reached besides the local registry: Verdaccio proxies every third-party package (express,
// better-sqlite3, typescript, …) to the npm registry, and better-sqlite3 and sharp build from source
// where no prebuilt binary can be fetched for a Node version. Verdaccio 6 and the Node versions this
// machine lacks come from the npm registry too (the `node` package, as openapi/compat does), into
// scripts/.registry-cache/. It takes several minutes: CI runs it as a step of its own (.ci/run).
//   node scripts/registry-test.mjs [--node 20,22,24] [--port 4620] [--keep]
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { UNBUNDLED } from '../apps/mock/scripts/build.mjs';
import { releaseConfig, scopedName } from './release.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const cache = join(repo, 'scripts', '.registry-cache');
// The Node of each major that this machine lacks; Verdaccio 6 needs Node 22.
const NODES = { 20: '20.20.2', 22: '22.23.3', 24: '24.21.0' };
const VERDACCIO = '6.10.4';
const DEMO = { uniName: 'Stanford University', email: 'demo@cohort.test', password: 'cohort-demo' };

const { values } = parseArgs({
  options: {
    node: { type: 'string', default: '20,22,24' },
    port: { type: 'string', default: '4620' },
    keep: { type: 'boolean', default: false },
  },
});
const majors = values.node.split(',').map((m) => m.trim());
const registry = `http://127.0.0.1:${values.port}/`;
const { scope } = releaseConfig();
const name = (pkg) => scopedName(`@cohort/${pkg}`, scope);
const work = mkdtempSync(join(tmpdir(), 'cohort-registry-'));
const started = Date.now();
const children = new Set();
const failures = [];

// Stopped from outside: the registry and a running mock go too (they run in process groups of their own).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const child of [...children]) stop(child);
    process.exit(130);
  });
}

const log = (line) => console.log(`registry-test [${((Date.now() - started) / 1000).toFixed(0)} s] ${line}`);

function fail(message) {
  failures.push(message);
  console.error(`registry-test: FAIL ${message}`);
}

/** Runs a command to its end; throws with its output when it fails or passes its time limit. */
function run(cmd, args, { limit = 300, ...opts } = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: limit * 1000, killSignal: 'SIGKILL', ...opts });
  if (r.status !== 0) {
    const why = r.error?.code === 'ETIMEDOUT' ? `did not finish in ${limit} s` : `exit ${r.status ?? r.signal}`;
    throw new Error(`${cmd} ${args.join(' ')}: ${why}\n${r.stdout ?? ''}${r.stderr ?? ''}`);
  }
  return r.stdout;
}

/** Starts a long-running command and resolves with its first output match (or rejects at its exit or time limit). */
function startUntil(cmd, args, pattern, { limit = 300, ...opts } = {}) {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, ...opts });
  children.add(child);
  let seen = '';
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${cmd} ${args.join(' ')}: no ${pattern} in ${limit} s\n${seen}`)),
      limit * 1000,
    );
    const read = (chunk) => {
      seen += chunk;
      const match = pattern.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${cmd} ${args.join(' ')} exited (${code}) before ${pattern}\n${seen}`));
    });
  });
  return { child, ready, output: () => seen };
}

/** Stops a started command and everything it started (npx runs the bin in a child of its own). */
function stop(child) {
  children.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {}
}

/** A Node binary of `major`: this one when it matches, else the `node` package's binary from the npm registry. */
function nodeBinary(major) {
  if (process.versions.node.split('.')[0] === major) return process.execPath;
  const version = NODES[major];
  if (!version) throw new Error(`no pinned Node version for ${major}`);
  const prefix = join(cache, `node${major}`);
  const bin = join(prefix, 'node_modules', 'node', 'bin', 'node');
  const current = () => spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout?.trim();
  if (current() !== `v${version}`) {
    // A half-finished earlier install is thrown away; the package fetches its binary in an install script.
    rmSync(prefix, { recursive: true, force: true });
    log(`installing Node ${version} from the npm registry`);
    run('npm', [
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts=false',
      `node@${version}`,
    ]);
    if (current() !== `v${version}`) throw new Error(`npm installed node@${version} but ${bin} does not run it`);
  }
  return bin;
}

/** Verdaccio, installed once into the cache; it keeps what it stores in this run's own folder. */
async function startRegistry(node22) {
  const prefix = join(cache, 'verdaccio');
  const main = join(prefix, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
  const installed = () =>
    existsSync(main) &&
    JSON.parse(readFileSync(join(prefix, 'node_modules/verdaccio/package.json'), 'utf8')).version === VERDACCIO;
  if (!installed()) {
    rmSync(prefix, { recursive: true, force: true });
    log(`installing verdaccio@${VERDACCIO} from the npm registry`);
    run('npm', [
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--engine-strict=false',
      `verdaccio@${VERDACCIO}`,
    ]);
  }
  const taken = await fetch(`${registry}-/ping`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`something already answers at ${registry}: pick another --port`);
  const config = join(work, 'verdaccio.yaml');
  writeFileSync(
    config,
    [
      `storage: ${join(work, 'storage')}`,
      'auth:',
      '  htpasswd:',
      `    file: ${join(work, 'htpasswd')}`,
      'uplinks:',
      '  npmjs:',
      '    url: https://registry.npmjs.org/',
      '    timeout: 60s',
      'packages:',
      // The scope's packages only from this registry: an npm package of the same name never stands in.
      `  '${scope}/*':`,
      '    access: $all',
      '    publish: $authenticated',
      "  '**':",
      '    access: $all',
      '    proxy: npmjs',
      'log: { type: stdout, format: pretty, level: warn }',
      '',
    ].join('\n'),
  );
  const server = startUntil(
    node22,
    [main, '--config', config, '--listen', `127.0.0.1:${values.port}`],
    /http address|warn|fatal/i,
    {
      limit: 60,
    },
  );
  server.ready.catch(() => {});
  // Verdaccio logs nothing at level warn when it starts: wait until it answers.
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`${registry}-/ping`)).ok) return server.child;
    } catch {}
    if (server.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`verdaccio did not answer at ${registry}\n${server.output()}`);
}

/** A user on the registry, and an npmrc that points npm, npx and pnpm at it with that user's token. */
async function npmrc() {
  const user = 'cohort-release';
  const res = await fetch(`${registry}-/user/org.couchdb.user:${user}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: user, password: 'registry-test-only', type: 'user' }),
  });
  const { token } = await res.json();
  if (!token) throw new Error(`verdaccio gave no token (${res.status})`);
  const file = join(work, 'npmrc');
  const host = registry.replace(/^http:/, '');
  writeFileSync(file, `registry=${registry}\n${host}:_authToken=${token}\n`);
  return file;
}

async function json(url, init) {
  const res = await fetch(url, init);
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** The end of npm's newest debug log in `env`'s cache (npx says little when an install fails). */
function npmLog(env) {
  const logs = join(env.npm_config_cache, '_logs');
  const newest = existsSync(logs) ? readdirSync(logs).sort().at(-1) : undefined;
  return newest ? `\n${readFileSync(join(logs, newest), 'utf8').trim().split('\n').slice(-25).join('\n')}` : '';
}

/** One Node version: an empty folder, only that Node (with the machine's npm) and the local registry. */
async function fromOutside(major, rc) {
  const node = nodeBinary(major);
  const folder = join(work, `node${major}`);
  mkdirSync(folder);
  const env = {
    PATH: `${dirname(node)}:${process.env.PATH}`,
    HOME: folder,
    NPM_CONFIG_USERCONFIG: rc,
    npm_config_registry: registry,
    npm_config_cache: join(folder, '.npm'),
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  };
  // Where no prebuilt better-sqlite3 can be fetched it compiles, against this Node's own headers (the
  // `node` package and Debian's nodejs ship them), not headers downloaded from nodejs.org.
  const home = dirname(dirname(realpathSync(node)));
  const nodedir = [home, join(home, 'node_modules', `node-${process.platform}-${process.arch}`)].find((dir) =>
    existsSync(join(dir, 'include', 'node', 'common.gypi')),
  );
  if (nodedir) env.npm_config_nodedir = nodedir;
  else log(`Node ${major}: no headers beside ${node}; node-gyp would download them`);
  for (const key of ['NODE_EXTRA_CA_CERTS', 'TMPDIR', 'LANG', 'TERM'])
    if (process.env[key]) env[key] = process.env[key];
  const version = run('node', ['--version'], { env }).trim();
  log(`Node ${version}: npx -y ${name('mock')} --port 0`);

  // 1. The mock from its package.
  const mockDir = join(folder, 'mock');
  mkdirSync(mockDir);
  const mock = startUntil(
    'npx',
    ['-y', name('mock'), '--port', '0', '--keep-alive', '500'],
    /listening on (http:\/\/\S+)/,
    {
      cwd: mockDir,
      env,
      // Compiling better-sqlite3 (where no prebuilt binary is reachable) takes minutes on a busy machine.
      limit: 1800,
    },
  );
  let url;
  try {
    [, url] = await mock.ready;
  } catch (error) {
    fail(`Node ${version}: the mock did not start: ${error.message}${npmLog(env)}`);
    return;
  }
  try {
    log(`Node ${version}: the mock listens on ${url}`);
    const signIn = await json(`${url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    });
    if (signIn.status !== 200 || typeof signIn.body?.data?.access_token !== 'string') {
      fail(`Node ${version}: the demo account's sign-in answered ${signIn.status} ${JSON.stringify(signIn.body)}`);
    }
    const docs = await fetch(`${url}/docs/`);
    const page = await docs.text();
    if (docs.status !== 200 || !page.includes('swagger-ui'))
      fail(`Node ${version}: /docs/ answered ${docs.status} without Swagger UI`);
    const ui = await fetch(`${url}/docs/swagger-ui-bundle.js`);
    if (ui.status !== 200) fail(`Node ${version}: /docs/swagger-ui-bundle.js answered ${ui.status}`);
    // The control panel's built files are in the package: its page and each script it names.
    const panel = await fetch(`${url}/__mock/ui/`);
    const panelPage = await panel.text();
    const scripts = [...panelPage.matchAll(/<script[^>]*src="([^"]+)"/g)].map(([, src]) => src);
    if (panel.status !== 200 || scripts.length === 0)
      fail(`Node ${version}: /__mock/ui/ answered ${panel.status} without the panel's page`);
    for (const src of scripts) {
      const asset = await fetch(new URL(src, `${url}/__mock/ui/`));
      if (asset.status !== 200) fail(`Node ${version}: the panel's ${src} answered ${asset.status}`);
    }

    // What installing the mock brings: the packages its bundle loads, never one it bundles or a
    // workspace package (scripts skipped: the tree is the question, not better-sqlite3's compile).
    const consumer = join(folder, 'consumer');
    mkdirSync(consumer);
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
    try {
      run('npm', ['install', '--ignore-scripts', name('mock')], { cwd: consumer, env, limit: 300 });
      const tree = JSON.parse(run('npm', ['ls', '--omit=dev', '--all', '--json'], { cwd: consumer, env }));
      const direct = Object.keys(tree.dependencies?.[name('mock')]?.dependencies ?? {});
      const extra = direct.filter((dep) => !UNBUNDLED.includes(dep));
      if (extra.length > 0)
        fail(`Node ${version}: installing the mock brings packages it bundles: ${extra.join(', ')}`);
      const names = [];
      const walk = (deps = {}) => {
        for (const [dep, node] of Object.entries(deps)) {
          names.push(dep);
          walk(node.dependencies);
        }
      };
      walk(tree.dependencies);
      const workspace = names.filter((dep) => dep.startsWith(`${scope}/`) && dep !== name('mock'));
      if (workspace.length > 0)
        fail(`Node ${version}: installing the mock brings ${[...new Set(workspace)].join(', ')}`);
    } catch (error) {
      fail(`Node ${version}: npm install ${name('mock')}: ${error.message}`);
    }

    // 2. The checker from its package, against that mock.
    const checkDir = join(folder, 'check');
    mkdirSync(checkDir);
    log(`Node ${version}: npx -y ${name('contract')} --base-url ${url}`);
    const check = spawnSync(
      'npx',
      ['-y', name('contract'), '--base-url', url, '--fuzz', '5', '--report', 'report.html', '--report', 'junit.xml'],
      { cwd: checkDir, env, encoding: 'utf8', timeout: 600_000, killSignal: 'SIGKILL' },
    );
    const tail = `${check.stdout ?? ''}${check.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
    if (check.status !== 0) fail(`Node ${version}: the checker exited ${check.status ?? check.signal}\n${tail}`);
    else log(`Node ${version}: ${tail.split('\n').at(-1)}`);
    const html = existsSync(join(checkDir, 'report.html')) ? readFileSync(join(checkDir, 'report.html'), 'utf8') : '';
    const junit = existsSync(join(checkDir, 'junit.xml')) ? readFileSync(join(checkDir, 'junit.xml'), 'utf8') : '';
    if (!html.startsWith('<!doctype html>')) fail(`Node ${version}: no HTML report`);
    if (!/<testsuites name="cohort-contract"[^>]* failures="0"/.test(junit))
      fail(`Node ${version}: no passing JUnit report`);

    // 3. A TypeScript project that installs the client, type-checks a call and runs it.
    const project = join(folder, 'client');
    mkdirSync(join(project, 'src'), { recursive: true });
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'client', private: true, type: 'module' }));
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'DOM'],
          outDir: 'out',
          skipLibCheck: false,
          types: ['node'],
        },
        include: ['src'],
      }),
    );
    writeFileSync(
      join(project, 'src', 'main.ts'),
      `import { createCohortClient, type components } from '${name('api')}';

const baseUrl = process.argv[2] ?? '';
let token: string | undefined;
const api = createCohortClient({ baseUrl, getToken: () => token });
const signIn = await api.POST('/api/v1/login', {
  body: { uniName: 'Stanford University', email: 'demo@cohort.test', password: 'cohort-demo' },
});
if (signIn.error) throw new Error(\`sign-in: \${signIn.error.status} \${signIn.error.message}\`);
token = signIn.data.data.access_token;
const me = await api.GET('/api/v1/users/me');
if (me.error) throw new Error(\`getMe: \${me.error.status}\`);
const user: components['schemas']['User'] = me.data.data;
console.log(\`signed in as \${user.email}\`);
`,
    );
    // The call as written must not type-check when it is wrong: a misspelt path is a compile error.
    writeFileSync(
      join(project, 'src', 'wrong.ts'),
      `import { createCohortClient } from '${name('api')}';
// @ts-expect-error: not a path of the contract
void createCohortClient({ baseUrl: '' }).GET('/api/v1/no-such-path');
`,
    );
    log(`Node ${version}: npm install ${name('api')} typescript @types/node; tsc; node out/main.js`);
    try {
      run('npm', ['install', name('api'), 'typescript@5', '@types/node@20'], { cwd: project, env, limit: 300 });
      run('npx', ['tsc', '-p', '.'], { cwd: project, env, limit: 180 });
      const out = run('node', ['out/main.js', url], { cwd: project, env, limit: 60 });
      if (!out.includes(`signed in as ${DEMO.email}`))
        fail(`Node ${version}: the client printed ${JSON.stringify(out)}`);
    } catch (error) {
      fail(`Node ${version}: the TypeScript project: ${error.message}`);
    }
  } finally {
    stop(mock.child);
  }
}

try {
  mkdirSync(cache, { recursive: true });
  log(`working in ${work}`);
  // Verdaccio 6 needs Node 22 or later: this Node when it is, else the Node 22 from the npm registry.
  await startRegistry(Number(process.versions.node.split('.')[0]) >= 22 ? process.execPath : nodeBinary('22'));
  log(`verdaccio answers at ${registry}`);
  const rc = await npmrc();
  log('publishing with scripts/release.mjs');
  run(process.execPath, [join(repo, 'scripts', 'release.mjs'), '--registry', registry], {
    cwd: repo,
    env: { ...process.env, NPM_CONFIG_USERCONFIG: rc },
    stdio: 'inherit',
    limit: 600,
  });
  for (const major of majors) await fromOutside(major, rc);
} catch (error) {
  fail(error.message);
} finally {
  for (const child of [...children]) stop(child);
  if (!values.keep) rmSync(work, { recursive: true, force: true });
}
log(failures.length === 0 ? `passed on Node ${majors.join(', ')}` : `${failures.length} failed`);
process.exit(failures.length === 0 ? 0 : 1);
