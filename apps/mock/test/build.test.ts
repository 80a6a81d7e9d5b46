import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { contractPath } from '@cohort/openapi';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMock } from '../scripts/build.mjs';
import { loadScenario } from '../src/scenarios/load.ts';
import { seedScenario } from '../src/scenarios/shape.ts';
import { DEFAULT_SEED } from '../src/seed/index.ts';
import { api, DEMO, readViews } from './areas/api.ts';
import { writeProfileItems } from './areas/profile.ts';
import { startMock, stop } from './child.ts';

// What `pnpm start` runs: the bundle scripts/build.mjs makes (here into dist/test-build, beside the
// node_modules it loads its npm packages from).
let main = '';
beforeAll(async () => {
  main = await buildMock('dist/test-build');
}, 60_000);

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
    expect(existsSync(join(dirname(main), 'seed'))).toBe(false);
  });

  it('a default start and a reset read the built seed; other options or an edited bundle seed anew', async () => {
    // A copy of the build whose built seed names the demo account differently: who reads it shows.
    const copy = join(dirname(main), '..', 'test-build-seed');
    rmSync(copy, { recursive: true, force: true });
    cpSync(dirname(main), copy, { recursive: true });
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
});
