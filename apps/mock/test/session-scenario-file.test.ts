import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../src/seed/index.ts';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ seed: { users: 30, channels: 3 } });
});
afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: answers of many operations and of /__mock, read field by field
type Body = { success: boolean; message: string; data?: any; errors?: Record<string, string[]> };

async function call(method: string, path: string, options: { body?: unknown; session?: string; token?: string } = {}) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.session ? { 'x-mock-session': options.session } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: res.status, body: (await res.json()) as Body };
}

const newSession = (body: unknown) => call('POST', '/__mock/sessions', { body });

async function signIn(session: string): Promise<{ token: string; id: string }> {
  const login = await call('POST', '/api/v1/login', {
    session,
    body: { uniName: DEMO_ACCOUNT.university, email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
  });
  expect(login.status).toBe(200);
  const token = login.body.data.access_token as string;
  const me = await call('GET', '/api/v1/users/me', { session, token });
  return { token, id: me.body.data.id as string };
}

const notesIn = async (session: string) => {
  const { token, id } = await signIn(session);
  const listed = await call('GET', `/api/v1/users/me/notes/${id}`, { session, token });
  return { status: listed.status, titles: ((listed.body.data ?? []) as { title: string }[]).map((n) => n.title) };
};

describe('POST /__mock/sessions {name, scenario}: a session from a scenario document', () => {
  it('seeds it as the file says (extends empty) and lists it as made from a file', async () => {
    const made = await newSession({ name: 'file-empty', scenario: { extends: 'empty', description: 'nothing yet' } });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ name: 'file-empty', scenario: 'file', requests: 0 });
    expect((await notesIn('file-empty')).titles).toEqual([]);
    // The default state still has the demo account's notes.
    const { token, id } = await signIn('file-default');
    const own = await call('GET', `/api/v1/users/me/notes/${id}`, { session: 'file-default', token });
    expect((own.body.data as unknown[]).length).toBeGreaterThan(0);
    const listed = await call('GET', '/__mock/sessions');
    expect(listed.body.data).toContainEqual(expect.objectContaining({ name: 'file-empty', scenario: 'file' }));
  });

  it("behaves as the file says: an operation's failures", async () => {
    const made = await newSession({
      name: 'file-failing',
      scenario: { operations: { listNotes: { errorRate: 1, status: 503 } } },
    });
    expect(made.status).toBe(201);
    expect((await notesIn('file-failing')).status).toBe(503);
    // Another session is untouched by it.
    expect((await notesIn('file-other')).status).toBe(200);
  });

  it("replays a recording's writes: a note recorded in one session is there in the one made from its file", async () => {
    const started = await call('POST', '/__mock/recordings', { body: { session: 'rec-source' } });
    expect(started.status).toBe(201);
    const { token } = await signIn('rec-source');
    const stored = await call('POST', '/api/v1/users/me/notes/store', {
      session: 'rec-source',
      token,
      body: { title: 'Recorded lunch', note: 'Replayed from a file.', date: '2026-11-25' },
    });
    expect(stored.status).toBe(201);
    const stopped = await call('POST', `/__mock/recordings/${started.body.data.id}/stop`);
    expect(stopped.status).toBe(200);

    const made = await newSession({ name: 'rec-copy', scenario: stopped.body.data });
    expect(made.status).toBe(201);
    expect(made.body.data.records).toMatchObject({ replayed: 2, skipped: [], differed: [] });
    expect((await notesIn('rec-copy')).titles).toContain('Recorded lunch');
    expect((await notesIn('file-empty-2')).titles).not.toContain('Recorded lunch');
  });

  it('a bad scenario is a 422 naming every bad field under scenario.', async () => {
    const bad = await newSession({
      name: 'file-bad',
      scenario: { latncy: 50, errorRate: 3, operations: { getMee: { latency: 5 }, listNotes: { status: 418 } } },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual([
      'scenario.errorRate',
      'scenario.latncy',
      'scenario.operations.getMee',
      'scenario.operations.listNotes.status',
    ]);
    expect(bad.body.errors?.['scenario.latncy']?.[0]).toContain('did you mean latency?');
    expect(bad.body.errors?.['scenario.operations.getMee']?.[0]).toContain('did you mean getMe?');
    // Nothing was made.
    expect((await call('GET', '/__mock/sessions')).body.data).not.toContainEqual(
      expect.objectContaining({ name: 'file-bad' }),
    );
  });

  it('a scenario and a preset together, a scenario that is not an object, or a bad name: every field named', async () => {
    const both = await newSession({ name: 'file-both', preset: 'empty', scenario: {} });
    expect(both.status).toBe(422);
    expect(Object.keys(both.body.errors ?? {}).sort()).toEqual(['preset', 'scenario']);
    const text = await newSession({ name: 'bad name!', scenario: 'extends: empty' });
    expect(text.status).toBe(422);
    expect(Object.keys(text.body.errors ?? {}).sort()).toEqual(['name', 'scenario']);
  });

  it('X-Mock-Scenario cannot name a scenario file session’s seed', async () => {
    expect((await newSession({ name: 'file-source', scenario: { extends: 'empty' } })).status).toBe(201);
    const res = await fetch(`${server.baseUrl}/api/v1/users/me`, {
      headers: { 'x-mock-session': 'sneaky', 'x-mock-scenario': 'file:file-source' },
    });
    expect(res.status).toBe(400);
  });
});
