import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { CORE_SCHEMA, load } from 'js-yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { contract } from '../src/contract/contract.ts';
import {
  PRESET_NAMES,
  PRESETS,
  parseScenario,
  ScenarioError,
  scenarioFor,
  scenarioSchema,
  validateScenario,
} from '../src/scenarios/index.ts';
import { loadScenario } from '../src/scenarios/load.ts';
import { dataFileFor } from '../src/scenarios/shape.ts';
import { DEMO_ACCOUNT } from '../src/seed/index.ts';

const appDir = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'cohort-scenario-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const { operations } = contract();
const problems = (raw: unknown) => validateScenario(raw, operations);

describe('scenario files: the validator', () => {
  it('names an unknown key, at any depth, with the key it is probably a typo of', () => {
    expect(problems({ latncy: 100 })).toEqual(['latncy: unknown key (did you mean latency?)']);
    expect(problems({ seed: { acount: 'empty' } })).toEqual(['seed.acount: unknown key (did you mean account?)']);
    expect(problems({ operations: { getMe: { errorRat: 0.5 } } })).toEqual([
      'operations.getMe.errorRat: unknown key (did you mean errorRate?)',
    ]);
    expect(problems({ stream: { dropAftr: 100 } })).toEqual(['stream.dropAftr: unknown key (did you mean dropAfter?)']);
  });

  it('names an operationId the contract does not have', () => {
    expect(problems({ operations: { getMee: { latency: 10 } } })).toEqual([
      'operations.getMee: not an operation of the contract (did you mean getMe?)',
    ]);
    expect(problems({ operations: { nothingLikeIt: {} } })).toEqual([
      'operations.nothingLikeIt: not an operation of the contract',
    ]);
  });

  it('refuses a failure status the operation does not declare, and one not every operation declares', () => {
    expect(problems({ operations: { getMe: { status: 404 } } })[0]).toMatch(
      /^operations\.getMe\.status: 404 is not declared by getMe \(declared: 200, .*5XX\)$/,
    );
    expect(problems({ operations: { storeNote: { status: 422 } } })).toEqual([]);
    expect(problems({ status: 404 })[0]).toMatch(/^status: 404 is not declared by every operation/);
    expect(problems({ status: 502 })).toEqual([]);
    expect(problems({ stream: { status: 404 } })).toEqual(['stream.status: 404 is not declared by streamMe']);
    expect(problems({ operations: { streamMe: { errorRate: 1 } } })).toEqual([
      'operations.streamMe: an event stream; shape it under "stream"',
    ]);
  });

  it('names every bad value at once: types, bounds, ranges, enums', () => {
    expect(
      problems({ extends: 'crowdy', latency: 'slow', errorRate: 2, seed: { users: 0, account: 'half' } }).sort(),
    ).toEqual([
      'errorRate: must be <= 1',
      'extends: must be one of default, empty, crowded, flaky, offline-stream',
      'latency: must be milliseconds (0–60000) or a range "min-max"',
      'seed.account: must be one of full, empty',
      'seed.users: must be >= 1',
    ]);
    expect(problems({ latency: '500-100', stream: { dropAfter: '10-5' } })).toEqual([
      'latency: 100 is less than 500',
      'stream.dropAfter: 5 is less than 10',
    ]);
    expect(problems([])).toEqual(['must be object']);
  });

  it('merges a file over the preset it extends, key by key', () => {
    const scenario = parseScenario(
      { extends: 'flaky', latency: 0, operations: { getMe: { errorRate: 0 }, listNotes: { status: 500 } } },
      'mine',
      operations,
    );
    expect(scenario.name).toBe('mine');
    expect(scenario.latency).toEqual({ min: 0, max: 0 });
    expect(scenario.errorRate).toBe(0.05);
    expect(scenario.operations.getMe).toEqual({ errorRate: 0, status: 503 });
    expect(scenario.operations.listNotes).toEqual({ latency: { min: 1000, max: 3000 }, status: 500 });
    expect(parseScenario({}, 'plain', operations).seed).toEqual({ account: 'full' });
  });

  it('every preset passes its own schema, and scenarioFor knows exactly the presets', () => {
    for (const name of PRESET_NAMES) {
      expect(problems(PRESETS[name]), name).toEqual([]);
      expect(scenarioFor(name)?.name).toBe(name);
    }
    expect(scenarioFor('crowdy')).toBeUndefined();
  });

  it('ships a JSON Schema that a plain Ajv compiles, and the example file passes it and the contract check', () => {
    const shipped = JSON.parse(readFileSync(join(appDir, 'scenario.schema.json'), 'utf8'));
    expect(shipped).toEqual(scenarioSchema);
    const validate = new Ajv2020({ strict: false }).compile(shipped);
    const example = load(readFileSync(join(appDir, 'scenarios/example.yaml'), 'utf8'), { schema: CORE_SCHEMA });
    expect(validate(example)).toBe(true);
    expect(problems(example)).toEqual([]);
    const loaded = loadScenario(join(appDir, 'scenarios/example.yaml'));
    expect(loaded).toMatchObject({ name: 'example', seed: { account: 'empty', users: 2000 } });
  });

  it('a scenario that seeds otherwise keeps its own --data file beside the given one', () => {
    const empty = scenarioFor('empty') ?? expect.fail('no empty preset');
    expect(dataFileFor('.data/dev.db', empty)).toBe('.data/dev.empty.db');
    expect(dataFileFor('/tmp/v1.2/state', empty)).toBe('/tmp/v1.2/state.empty');
    expect(dataFileFor('.data/dev.db', parseScenario({ seed: { users: 50 } }, 'my team', operations))).toBe(
      '.data/dev.my-team.db',
    );
    for (const same of ['default', 'flaky', 'offline-stream']) {
      expect(dataFileFor('.data/dev.db', scenarioFor(same) ?? expect.fail(same))).toBe('.data/dev.db');
    }
  });

  it('loads YAML and JSON files, and refuses an unknown name or an unreadable file', () => {
    const json = join(dir, 'team.json');
    writeFileSync(json, JSON.stringify({ extends: 'empty', errorRate: 0.5 }));
    expect(loadScenario(json)).toMatchObject({ name: 'team', errorRate: 0.5, seed: { account: 'empty' } });
    expect(() => loadScenario('flakey')).toThrow(/no scenario named "flakey" \(did you mean flaky\?\)/);
    expect(() => loadScenario(join(dir, 'missing.yaml'))).toThrow(ScenarioError);
    const broken = join(dir, 'broken.yaml');
    writeFileSync(broken, 'latency: [1, 2\n');
    expect(() => loadScenario(broken)).toThrow(/not YAML or JSON/);
  });
});

/** Runs `tsx src/main.ts` with `args` until it exits; its exit code and output. */
function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--port', '0', '--quiet', ...args], {
    cwd: appDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += String(chunk);
    // A server that started is not what these tests want: stop it (the test then fails on the code).
    if (stdout.includes('listening on')) child.kill('SIGTERM');
  });
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('scenario files: at start', { timeout: 30_000 }, () => {
  it('a file with a typo stops the mock with exit code 1, naming the key', async () => {
    const file = join(dir, 'typo.yaml');
    writeFileSync(file, 'extends: flaky\nlatncy: 100\noperations:\n  getMee: { errorRate: 0.5 }\n');
    const { code, stdout, stderr } = await run(['--scenario', file]);
    expect(code).toBe(1);
    expect(stdout).not.toContain('listening on');
    expect(stderr).toContain(`Scenario ${file} is not valid:`);
    expect(stderr).toContain('latncy: unknown key (did you mean latency?)');
    expect(stderr).toContain('operations.getMee: not an operation of the contract (did you mean getMe?)');
  });

  it('an unknown preset name stops it too, listing the presets', async () => {
    const { code, stderr } = await run(['--scenario', 'crowdy']);
    expect(code).toBe(1);
    expect(stderr).toContain('no scenario named "crowdy" (did you mean crowded?); presets: default, empty, crowded');
  });

  it('--scenario empty reaches the seed: the demo account signs in and has no friends; the start says which scenario', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/main.ts', '--port', '0', '--quiet', '--users', '20', '--scenario', 'empty'],
      { cwd: appDir, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      let out = '';
      const baseUrl = await new Promise<string>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`mock exited with ${code}`)));
        child.stdout.on('data', (chunk) => {
          out += String(chunk);
          const url = /listening on (http:\S+)/.exec(out)?.[1];
          if (url && out.includes('Scenario empty: A brand-new demo account')) resolve(url);
        });
      });
      const post = (path: string, body: unknown) =>
        fetch(`${baseUrl}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      const login = await post('/api/v1/login', {
        uniName: DEMO_ACCOUNT.university,
        email: DEMO_ACCOUNT.email,
        password: DEMO_ACCOUNT.password,
      });
      expect(login.status).toBe(200);
      const { data } = (await login.json()) as { data: { access_token: string } };
      const friends = await fetch(`${baseUrl}/api/v1/users/me/friends`, {
        headers: { Authorization: `Bearer ${data.access_token}` },
      });
      expect(await friends.json()).toEqual([]);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('with --data, --scenario empty writes its own file and says so', async () => {
    const data = join(dir, 'dev.db');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/main.ts',
        '--port',
        '0',
        '--quiet',
        '--users',
        '20',
        '--scenario',
        'empty',
        '--data',
        data,
      ],
      { cwd: appDir, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      let out = '';
      await new Promise<void>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`mock exited with ${code}`)));
        child.stdout.on('data', (chunk) => {
          out += String(chunk);
          if (out.includes('keeps its own state')) resolve();
        });
      });
      expect(out).toContain(`Scenario empty keeps its own state: ${join(dir, 'dev.empty.db')}`);
      expect(existsSync(join(dir, 'dev.empty.db'))).toBe(true);
      expect(existsSync(data)).toBe(false);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('--help lists --scenario', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/--scenario <name\|file>\s+a preset \(default, empty, crowded, flaky, offline-stream\)/);
  });
});
