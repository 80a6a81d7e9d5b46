import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contractPath } from '@cohort/openapi';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMock } from '../scripts/build.mjs';
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
});
