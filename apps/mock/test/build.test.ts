import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { contractPath, parseContract } from '@cohort/openapi';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMock } from '../scripts/build.mjs';
import { STATE_AJV_OPTIONS, schemaHash } from '../src/persistence/state-check.ts';
import { buildStateSchema } from '../src/persistence/state-schema.ts';
import { loadScenario } from '../src/scenarios/load.ts';
import { seedScenario } from '../src/scenarios/shape.ts';
import { DEFAULT_SEED } from '../src/seed/index.ts';
import { api, DEMO, readViews } from './areas/api.ts';
import { writeProfileItems } from './areas/profile.ts';
import { killHard, startMock, stop } from './child.ts';

// What `pnpm start` runs: the bundle scripts/build.mjs makes (here into dist/test-build, beside the
// node_modules it loads its npm packages from).
let main = '';
beforeAll(async () => {
  main = await buildMock('dist/test-build');
}, 60_000);

/** A fresh copy of the build in dist/<name>, for a test to change what lies beside the bundle. */
function copyOfBuild(name: string): string {
  const copy = join(dirname(main), '..', name);
  rmSync(copy, { recursive: true, force: true });
  cpSync(dirname(main), copy, { recursive: true });
  return copy;
}

/**
 * What the built mock has loaded by the time it listens, started with `args`: the native modules
 * (`.node` files) and the packages loaded with `require` (the bundle's own code is not). A module
 * imported first (`--import`) reports each `process.dlopen` and each `require` on stderr.
 */
async function loadedAtStart(args: string[]): Promise<{ native: string[]; required: string[] }> {
  const probe = [
    "import Module from 'node:module';",
    'const open = process.dlopen;',
    'process.dlopen = function (module, file, ...rest) { process.stderr.write("dlopen " + file + "\\n"); return open.call(this, module, file, ...rest); };',
    'const load = Module._load;',
    'Module._load = function (request, ...rest) { process.stderr.write("require " + request + "\\n"); return load.call(this, request, ...rest); };',
  ].join('\n');
  const mock = await startMock(args, {
    built: main,
    nodeArgs: ['--import', `data:text/javascript,${encodeURIComponent(probe)}`],
  });
  await killHard(mock.child);
  const lines = mock.stderr().split('\n');
  const after = (prefix: string) =>
    lines.filter((line) => line.startsWith(prefix)).map((line) => line.slice(prefix.length));
  return { native: after('dlopen '), required: after('require ') };
}

describe('the built mock (pnpm start)', () => {
  it('starts as plain JavaScript and answers from the contract it bundles the reader of', async () => {
    const mock = await startMock([], { built: main });
    expect(mock.lines[0]).toMatch(/^Cohort mock server listening on /);
    // @cohort/openapi, inside the bundle, still finds openapi.yaml beside its own source.
    const served = await fetch(`${mock.baseUrl}/openapi.yaml`);
    expect(await served.text()).toBe(readFileSync(contractPath, 'utf8'));
    const token = await api(mock.baseUrl).login(DEMO);
    expect((await api(mock.baseUrl).send('GET', '/api/v1/users/me', token)).status).toBe(200);
    await stop(mock.child);
  });

  it('seeds a new --data file through its bundled worker, and a restart reads back what was written', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cohort-built-')), 'built.db');
    const first = await startMock(['--users', '20', '--data', file], { built: main });
    expect(existsSync(file)).toBe(true);
    const { views, check } = await writeProfileItems(api(first.baseUrl));
    await stop(first.child);
    const second = await startMock(['--data', file], { built: main });
    check(await readViews(api(second.baseUrl), views));
    await stop(second.child);
  });

  it('writes the default seed beside the bundle: what seedScenario makes, keyed to that bundle and those options', () => {
    const text = readFileSync(join(dirname(main), 'default-seed.json'), 'utf8');
    const end = text.indexOf('\n');
    const header = JSON.parse(text.slice(0, end));
    expect(header.bundle).toBe(createHash('sha256').update(readFileSync(main)).digest('hex'));
    const scenario = loadScenario('default');
    expect(header.key).toEqual({ shape: scenario.seed, seed: DEFAULT_SEED, users: null });
    const made = JSON.parse(JSON.stringify(seedScenario(scenario, { seed: DEFAULT_SEED })));
    expect(JSON.parse(text.slice(end + 1))).toEqual(made);
    // The writer that made it is not left in the build.
    expect(existsSync(join(dirname(main), 'write-built.js'))).toBe(false);
  });

  it('a default start and a reset read the built seed; other options or an edited bundle seed anew', async () => {
    // A copy of the build whose built seed names the demo account differently: who reads it shows.
    const copy = copyOfBuild('test-build-seed');
    const file = join(copy, 'default-seed.json');
    const text = readFileSync(file, 'utf8');
    const end = text.indexOf('\n');
    const state = JSON.parse(text.slice(end + 1));
    state.users[0].first_name = 'Prebuilt';
    writeFileSync(file, `${text.slice(0, end)}\n${JSON.stringify(state)}`);
    const built = join(copy, 'main.js');
    const demoName = async (baseUrl: string) => {
      const token = await api(baseUrl).login(DEMO);
      return ((await api(baseUrl).send('GET', '/api/v1/users/me', token)).body as { data: { first_name: string } }).data
        .first_name;
    };
    try {
      const plain = await startMock([], { built });
      expect(await demoName(plain.baseUrl)).toBe('Prebuilt');
      const reset = await fetch(`${plain.baseUrl}/__mock/reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(reset.status).toBe(200);
      expect(await demoName(plain.baseUrl)).toBe('Prebuilt');
      await stop(plain.child);

      for (const args of [
        ['--seed', '7'],
        ['--users', '300'],
        ['--scenario', 'crowded'],
      ]) {
        const other = await startMock(args, { built });
        expect(await demoName(other.baseUrl), args.join(' ')).not.toBe('Prebuilt');
        await stop(other.child);
      }

      appendFileSync(built, '\n// edited after the build\n');
      const edited = await startMock([], { built });
      expect(await demoName(edited.baseUrl)).not.toBe('Prebuilt');
      await stop(edited.child);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('names no file of the checkout: it reads the contract it was built from, beside the bundle', () => {
    const checkout = join(dirname(contractPath), '..');
    const folder = dirname(main);
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.js'))) {
      expect(readFileSync(join(folder, file), 'utf8'), file).not.toContain(checkout);
    }
    expect(readFileSync(join(folder, 'openapi/openapi.yaml'), 'utf8')).toBe(readFileSync(contractPath, 'utf8'));
  });

  it('writes the contract as parsed, keyed to the text of openapi.yaml', () => {
    const text = readFileSync(contractPath, 'utf8');
    const built = readFileSync(join(dirname(main), 'contract.json'), 'utf8');
    const end = built.indexOf('\n');
    expect(JSON.parse(built.slice(0, end))).toEqual({ contract: createHash('sha256').update(text).digest('hex') });
    expect(JSON.parse(built.slice(end + 1))).toEqual(parseContract(text));
  });

  it('a start reads the parsed contract only while openapi.yaml is the text it was parsed from', async () => {
    // A copy of the build whose parsed contract caps a note's title at 5 characters: whether a start read it shows.
    const copy = copyOfBuild('test-build-contract');
    const file = join(copy, 'contract.json');
    const built = readFileSync(file, 'utf8');
    const end = built.indexOf('\n');
    const doc = JSON.parse(built.slice(end + 1));
    doc.components.schemas.NoteInput.properties.title.maxLength = 5;
    const storeNote = async (header: string) => {
      writeFileSync(file, `${header}\n${JSON.stringify(doc)}`);
      const mock = await startMock([], { built: join(copy, 'main.js') });
      try {
        const token = await api(mock.baseUrl).login(DEMO);
        const note = { title: 'A longer title', note: 'Some words.', date: '2026-11-18' };
        return (await api(mock.baseUrl).send('POST', '/api/v1/users/me/notes/store', token, note)).status;
      } finally {
        await stop(mock.child);
      }
    };
    try {
      expect(await storeNote(built.slice(0, end))).toBe(422);
      // Parsed from another text (openapi.yaml edited since the build): the YAML is read instead.
      expect(await storeNote(JSON.stringify({ contract: 'f'.repeat(64) }))).toBe(201);
      // A damaged copy is only a missed shortcut.
      expect(await storeNote('{not json')).toBe(201);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it("writes the state file's validator, keyed to its schema, judging as the compiled one does", () => {
    const schema = buildStateSchema(parseContract(readFileSync(contractPath, 'utf8')));
    const built = createRequire(import.meta.url)(join(dirname(main), 'state-validator.cjs')) as {
      default: ValidateFunction;
      schemaHash: string;
    };
    expect(built.schemaHash).toBe(schemaHash(schema));
    const compiled = new Ajv2020(STATE_AJV_OPTIONS).compile(schema);
    const sound = JSON.parse(JSON.stringify(seedScenario(loadScenario('default'), { seed: DEFAULT_SEED })));
    const damaged: [string, (state: typeof sound) => void][] = [
      ['a user without an e-mail', (s) => delete s.users[3].email],
      ['a note id as text', (s) => (s.notes[0].id = '1')],
      ['a counter below 1', (s) => (s.next_id.note = 0)],
      ['messages as a list', (s) => (s.messages = [])],
      ['a channel member that is not a string', (s) => (s.channels[0].users[0] = 7)],
    ];
    const verdict = (validate: ValidateFunction, state: unknown) =>
      validate(state) ? 'sound' : `${validate.errors?.[0]?.instancePath} ${validate.errors?.[0]?.keyword}`;
    expect(verdict(built.default, sound)).toBe('sound');
    for (const [what, damage] of damaged) {
      const state = structuredClone(sound);
      damage(state);
      expect(verdict(built.default, state), what).not.toBe('sound');
      expect(verdict(built.default, state), what).toBe(verdict(compiled, state));
    }
  });

  it('a start from a file checks it with the built validator only while the schema is the one it was made from', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cohort-built-validator-'));
    const file = join(dir, 'state.db');
    const first = await startMock(['--users', '20', '--data', file], { built: main });
    await stop(first.child);
    // A copy of the build whose validator refuses every state: whether a start used it shows.
    const copy = copyOfBuild('test-build-validator');
    const refusing = (hash: string) =>
      writeFileSync(
        join(copy, 'state-validator.cjs'),
        `"use strict";function v(){v.errors=[{instancePath:"/users",keyword:"type",message:"refused by the test's validator",params:{}}];return false}module.exports=v;module.exports.default=v;module.exports.schemaHash=${JSON.stringify(hash)};`,
      );
    const built = createRequire(import.meta.url)(join(dirname(main), 'state-validator.cjs')) as { schemaHash: string };
    try {
      refusing(built.schemaHash);
      const refused = spawnSync(process.execPath, [join(copy, 'main.js'), '--port', '0', '--data', file], {
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain("/users refused by the test's validator");
      // Made from another schema (the contract changed since the build): the schema is compiled.
      refusing('0'.repeat(64));
      const second = await startMock(['--data', file], { built: join(copy, 'main.js') });
      expect(
        (await api(second.baseUrl).send('GET', '/api/v1/users/me', await api(second.baseUrl).login(DEMO))).status,
      ).toBe(200);
      await stop(second.child);
    } finally {
      rmSync(copy, { recursive: true, force: true });
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it("loads SQLite's native module only for --data, and faker only to make a seed: a default start needs neither", async () => {
    const sqlite = (files: string[]) => files.filter((file) => file.endsWith('better_sqlite3.node'));
    const faker = (requests: string[]) => requests.filter((request) => request.startsWith('@faker-js/faker'));
    const plain = await loadedAtStart([]);
    expect(sqlite(plain.native)).toEqual([]);
    expect(faker(plain.required)).toEqual([]);
    // Another seed than the built one (--users): faker makes it.
    expect(faker((await loadedAtStart(['--users', '20'])).required)).toEqual(['@faker-js/faker/locale/en']);
    const dir = mkdtempSync(join(tmpdir(), 'cohort-built-native-'));
    try {
      expect(
        sqlite((await loadedAtStart(['--users', '20', '--data', join(dir, 'state.db')])).native).length,
      ).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lists as dependencies exactly the npm packages the bundle loads at run time, none it bundles', () => {
    // Every bare module name the bundle imports, requires or resolves; ajv's generated code names its
    // runtime inside string literals (for standalone output), so a match right after a quote is skipped.
    const loads =
      /(?<![`'"\w])(?:from\s*|import\s*\(\s*|require\d*(?:\.resolve)?\s*\(\s*|createRequire\d*\(import\.meta\.url\)(?:\.resolve)?\(\s*|import\.meta\.resolve\(\s*)["']([^"'./][^"']*)["']/g;
    const loaded = new Set<string>();
    for (const file of readdirSync(dirname(main))) {
      if (!/\.c?js$/.test(file)) continue;
      for (const [, spec = ''] of readFileSync(join(dirname(main), file), 'utf8').matchAll(loads)) {
        if (isBuiltin(spec)) continue;
        loaded.add(
          spec
            .split('/')
            .slice(0, spec.startsWith('@') ? 2 : 1)
            .join('/'),
        );
      }
    }
    // tsx is resolved only to start a worker whose entry is TypeScript; the bundle's workers are JavaScript.
    expect([...readdirSync(dirname(main))].filter((f) => f.endsWith('.ts'))).toEqual([]);
    loaded.delete('tsx');
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(pkg.dependencies).sort()).toEqual([...loaded].sort());
  });
});
