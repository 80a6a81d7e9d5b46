import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AREAS, api, readViews } from './areas/index.ts';
import { killHard, startMock } from './child.ts';

const dir = mkdtempSync(join(tmpdir(), 'cohort-kill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// One mock per area on its own --data file: the area's writes, each acknowledged, then kill -9
// (nothing flushed, no shutdown handler) and a restart on the same file that must answer the same.
describe('--data keeps every acknowledged write across kill -9 and a restart', { timeout: 90_000 }, () => {
  it.each(AREAS)('%s', async (name, write) => {
    const args = ['--users', '20', '--data', join(dir, `${name.replace(/\W+/g, '-')}.db`)];
    const first = await startMock(args);
    const written = await write(api(first.baseUrl));
    const before = await readViews(api(first.baseUrl), written.views);
    written.check(before);
    await killHard(first.child);

    const second = await startMock(args);
    expect(await readViews(api(second.baseUrl), written.views)).toEqual(before);
    await written.after?.(api(second.baseUrl));
  });
});
