import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetchSend, loadContract } from '@cohort/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecords } from '../src/cli/replay.ts';
import { replay } from '../src/replay/replay.ts';
import { cli } from './helpers.ts';
import { fakingProxy, startMock } from './mock.ts';

const DEMO = { uniName: 'Stanford University', email: 'demo@cohort.test', password: 'cohort-demo' };

async function call(base: string, method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const doc = loadContract();
let dir: string;
let recorded: { url: string; stop(): void };
let fresh: { url: string; stop(): void };
let file: string;

/**
 * Records a frontend's flow on a mock: sign in, read who I am, save three notes, delete the last
 * (by the id its answer gave), change the profile, list my notes (by my id).
 */
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cohort-replay-'));
  [recorded, fresh] = await Promise.all([startMock(), startMock()]);
  const { url } = recorded;
  const started = await call(url, 'POST', '/__mock/recordings');
  const token = (await call(url, 'POST', '/api/v1/login', DEMO)).body.data.access_token;
  const me = (await call(url, 'GET', '/api/v1/users/me', undefined, token)).body.data.id;
  let last = 0;
  for (const title of ['Coffee', 'Lunch', 'Dinner']) {
    last = (
      await call(url, 'POST', '/api/v1/users/me/notes/store', { title, note: 'Soon.', date: '2026-11-25' }, token)
    ).body.data.id;
  }
  await call(url, 'DELETE', `/api/v1/users/me/notes/${last}`, undefined, token);
  await call(url, 'PATCH', '/api/v1/users/me', { description: 'Replayed.' }, token);
  await call(url, 'GET', `/api/v1/users/me/notes/${me}`, undefined, token);
  const stopped = await call(url, 'POST', `/__mock/recordings/${started.body.data.id}/stop`);
  file = join(dir, 'flow.json');
  writeFileSync(file, JSON.stringify(stopped.body.data));
}, 120_000);
afterAll(() => {
  recorded?.stop();
  fresh?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('cohort-contract replay', () => {
  it('replays a recorded flow against a fresh mock with no differences', async () => {
    const run = await cli(['replay', file, '--base-url', fresh.url]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`Replayed 8 of 8 recorded requests against ${fresh.url}: no differences.`);
    expect(run.code).toBe(0);
  }, 60_000);

  it('carries the ids a server gives otherwise: replays on the same server delete their own notes', async () => {
    const token = (await call(fresh.url, 'POST', '/api/v1/login', DEMO)).body.data.access_token;
    const me = (await call(fresh.url, 'GET', '/api/v1/users/me', undefined, token)).body.data.id;
    const titles = async (): Promise<string[]> =>
      (await call(fresh.url, 'GET', `/api/v1/users/me/notes/${me}`, undefined, token)).body.data.map(
        (n: { title: string }) => n.title,
      );
    const coffees = (await titles()).filter((t) => t === 'Coffee').length;
    // After the first, the server's notes get other ids than the recorded ones.
    const records = readRecords(file);
    for (let run = 0; run < 2; run++) {
      const result = await replay(records, fetchSend(fresh.url), { doc, baseUrl: fresh.url });
      expect(result.differences).toEqual([]);
    }
    expect((await titles()).filter((t) => t === 'Coffee')).toHaveLength(coffees + 2);
    expect(await titles()).not.toContain('Dinner');
  }, 60_000);

  it('reports a server whose answer drops a field the flow read, by status, schema and field', async () => {
    // A planted defect: saving a note answers without its id (the flow deletes a note by that id).
    let proxy: Server | undefined;
    try {
      const planted = await fakingProxy(fresh.url, (method, url, body) =>
        method === 'POST' && url === '/api/v1/users/me/notes/store'
          ? { status: 201, body: { success: true, message: 'Note saved.', data: JSON.parse(body) } }
          : undefined,
      );
      proxy = planted.server;
      const run = await cli(['replay', file, '--base-url', planted.url, '--json']);
      expect(run.code).toBe(1);
      const result = JSON.parse(run.stdout);
      const storeNote = result.differences.filter((d: { index: number }) => d.index === 4);
      expect(storeNote).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: 'schema',
            operationId: 'storeNote',
            message: '/data/id: required field is missing',
          }),
          expect.objectContaining({ kind: 'field', message: '/data/id (read by #5 deleteNote) is missing' }),
        ]),
      );
      const text = await cli(['replay', file, '--base-url', planted.url]);
      expect(text.stdout).toMatch(
        /#4 storeNote POST \/api\/v1\/users\/me\/notes\/store\n\s+schema: \/data\/id: required field is missing/,
      );
    } finally {
      proxy?.close();
    }
  }, 60_000);

  it('names what is wrong with a file and exits 2', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ records: { exchanges: [{ method: 'GET', path: 'users/me', status: 'ok' }] } }));
    const run = await cli(['replay', bad, '--base-url', fresh.url]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('records.exchanges.0.path: must begin with /');
    expect(run.stderr).toContain('records.exchanges.0.status: must be a status code');
    expect((await cli(['replay', file])).stderr).toContain('--base-url must be an http(s) URL');
  });
});
