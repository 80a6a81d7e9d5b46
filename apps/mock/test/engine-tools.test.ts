import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockEngine } from '../src/adapters/node.ts';
import type { MockEngine } from '../src/engine/index.ts';
import { createBehaviour } from '../src/scenarios/behaviour.ts';
import { scenarioFor } from '../src/scenarios/resolve.ts';
import { DEFAULT_SEED, DEMO_ACCOUNT, SEEDED_PASSWORD } from '../src/seed/index.ts';
import { mockControl } from '../src/tools/testing.ts';

const BASE = 'http://mock.test';
const JSON_HEADERS = { 'content-type': 'application/json' };
let engine: MockEngine;

beforeAll(() => {
  engine = createMockEngine({ users: 20, channels: 3 });
});
afterAll(() => engine.close());

/** `fetch` answered by the engine in this process: what `mockControl` and the app's client are given. */
const engineFetch: typeof fetch = (input, init) => engine.handle(new Request(input, init));
const send = (path: string, init: RequestInit = {}) => engineFetch(`${BASE}${path}`, init);
const resources = (session?: string) =>
  send('/api/v1/general/get-all-resource/?resource=Club', {
    headers: session === undefined ? {} : { 'x-mock-session': session },
  });

async function signIn(headers: Record<string, string>): Promise<Record<string, string>> {
  const res = await send('/api/v1/login', {
    method: 'POST',
    headers: { ...JSON_HEADERS, ...headers },
    body: JSON.stringify({ uniName: DEMO_ACCOUNT.university, email: DEMO_ACCOUNT.email, password: SEEDED_PASSWORD }),
  });
  expect(res.status).toBe(200);
  const token = ((await res.json()) as { data: { access_token: string } }).data.access_token;
  return { ...headers, authorization: `Bearer ${token}` };
}

describe('the typed helper driving an in-process engine (handle() serves /__mock)', () => {
  it('sets an override, the next request gets it, and the journal lists both calls', async () => {
    const mock = mockControl(BASE, { fetch: engineFetch });
    await mock.reset();
    const since = await mock.mark();
    await mock.override('listResources', 503, undefined, { times: 1 });
    expect(await mock.overrides()).toMatchObject([{ operationId: 'listResources', remaining: 1, session: null }]);
    expect((await resources()).status).toBe(503);
    expect((await resources()).status).toBe(200);
    const sent = await mock.requests('listResources', { since });
    expect(sent.map((r) => [r.status, r.overridden, r.session])).toEqual([
      [503, true, null],
      [200, false, null],
    ]);
    expect(await mock.overrides()).toEqual([]);
    expect(await mock.violations()).toEqual([]);
  });

  it('refuses an override that does not fit the contract, as the server does', async () => {
    const error = await mockControl(BASE, { fetch: engineFetch })
      .override('getMe', 200, { success: true, message: 'OK', data: { id: 42 } } as never)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422, fieldErrors: { 'body/data/id': [expect.stringMatching(/string/)] } });
  });

  it('keeps overrides per session, and resets a session with its overrides', async () => {
    const a = mockControl(BASE, { fetch: engineFetch, session: 'engine-a' });
    const b = mockControl(BASE, { fetch: engineFetch, session: 'engine-b' });
    await a.override('listResources', 503);
    expect((await resources('engine-a')).status).toBe(503);
    expect((await resources('engine-b')).status).toBe(200);
    expect((await resources()).status).toBe(200);
    expect((await a.sessions()).map((s) => s.name).sort()).toEqual(['engine-a', 'engine-b']);
    expect((await a.requests('listResources')).every((r) => r.session === 'engine-a')).toBe(true);
    await a.reset();
    expect(await a.overrides()).toEqual([]);
    expect((await resources('engine-a')).status).toBe(200);
    await b.reset();
  });

  it('guards /__mock as the server does: state changes JSON only, no read or change from another origin; unknown paths are 404', async () => {
    const body = JSON.stringify({ operationId: 'listResources', status: 503 });
    const plain = await send('/__mock/overrides', { method: 'POST', headers: { 'content-type': 'text/plain' }, body });
    expect(plain.status).toBe(415);
    const foreign = await send('/__mock/overrides', {
      method: 'POST',
      headers: { ...JSON_HEADERS, origin: 'https://evil.example' },
      body,
    });
    expect(foreign.status).toBe(403);
    expect((await resources()).status).toBe(200);
    const wrongMethod = await send('/__mock/overrides', { method: 'PUT', headers: JSON_HEADERS, body });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST, GET, DELETE');
    expect((await send('/__mock/nothing-here')).status).toBe(404);
    const foreignRead = await send('/__mock/mail', { headers: { origin: 'https://evil.example' } });
    expect(foreignRead.status).toBe(403);
    expect(await foreignRead.json()).toMatchObject({ success: false });
  });
});

describe('scenarios per session in the in-process engine (X-Mock-Scenario through handle())', () => {
  it('makes a session from a preset: empty gives the demo account no notes, another session keeps the seed', async () => {
    const notes = async (headers: Record<string, string>) => {
      const me = (await (await send('/api/v1/users/me', { headers })).json()) as { data: { id: string } };
      const list = await send(`/api/v1/users/me/notes/${me.data.id}`, { headers });
      return ((await list.json()) as { data: unknown[] }).data.length;
    };
    const empty = await signIn({ 'x-mock-session': 'fresh', 'x-mock-scenario': 'empty' });
    const seeded = await signIn({ 'x-mock-session': 'seeded' });
    expect(await notes(empty)).toBe(0);
    expect(await notes(seeded)).toBeGreaterThan(0);
    const listed = await mockControl(BASE, { fetch: engineFetch }).sessions();
    expect(
      Object.fromEntries(listed.filter((s) => ['fresh', 'seeded'].includes(s.name)).map((s) => [s.name, s.scenario])),
    ).toEqual({
      fresh: 'empty',
      seeded: 'default',
    });
  });

  it("applies the preset's behaviour: offline-stream refuses the openings its seed says, with a 503", async () => {
    const predicted = createBehaviour(scenarioFor('offline-stream') ?? expect.fail('no preset'), DEFAULT_SEED);
    const headers = await signIn({ 'x-mock-session': 'bad-stream', 'x-mock-scenario': 'offline-stream' });
    const statuses: number[] = [];
    const expected: number[] = [];
    for (let i = 0; i < 8; i++) {
      expected.push(predicted('streamMe').fail ? 503 : 200);
      const res = await send('/api/v1/users/me/stream', { headers });
      statuses.push(res.status);
      await res.body?.cancel();
    }
    expect(statuses).toEqual(expected);
    expect(statuses).toContain(503);
  });

  it('refuses an unknown preset naming the nearest, and makes no session of it', async () => {
    const res = await send('/api/v1/users/me', { headers: { 'x-mock-session': 'typo', 'x-mock-scenario': 'emty' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/emty.*did you mean empty/);
    const names = (await mockControl(BASE, { fetch: engineFetch }).sessions()).map((s) => s.name);
    expect(names).not.toContain('typo');
  });
});
