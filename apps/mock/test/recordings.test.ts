import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockEngine } from '../src/adapters/node.ts';
import { contract } from '../src/contract/contract.ts';
import { parseScenario, type ScenarioError } from '../src/scenarios/resolve.ts';
import { type StartedMock, startMock } from '../src/start.ts';
import { mockControl } from '../src/tools/testing.ts';
import harSchema from './fixtures/har-1.2.schema.json' with { type: 'json' };

const DEMO = { uniName: 'Stanford University', email: 'demo@cohort.test', password: 'cohort-demo' };

/** A JSON request to `url`, in `session` when given; its status and parsed body (read as the test needs). */
async function call(
  base: string,
  method: string,
  path: string,
  { body, token, session }: { body?: unknown; token?: string; session?: string } = {},
  // biome-ignore lint/suspicious/noExplicitAny: answers of many operations and of /__mock, read field by field
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (session) headers['x-mock-session'] = session;
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

const signIn = async (base: string, session?: string) =>
  (await call(base, 'POST', '/api/v1/login', { body: DEMO, ...(session ? { session } : {}) })).body.data
    .access_token as string;

/** The HAR 1.2 schema (test/fixtures), compiled. */
const harValidator = () => new Ajv({ allErrors: true }).compile(harSchema);

const NOTE = (title: string) => ({ title, note: `Recorded: ${title}.`, date: '2026-11-25' });

describe('recording a session', () => {
  let mock: StartedMock;
  let dir: string;
  beforeAll(async () => {
    mock = await startMock(['--users', '60']);
    dir = mkdtempSync(join(tmpdir(), 'cohort-recordings-'));
  }, 60_000);
  afterAll(async () => {
    await mock?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Records a flow in `session`: sign-in, three notes, one deleted, the profile's description, the notes read back. */
  async function recordFlow(session: string) {
    const started = await call(mock.url, 'POST', '/__mock/recordings', { session });
    expect(started.status).toBe(201);
    expect(started.body.data.session).toBe(session);
    const token = await signIn(mock.url, session);
    const me = (await call(mock.url, 'GET', '/api/v1/users/me', { token, session })).body.data.id as string;
    const ids: number[] = [];
    for (const title of ['Coffee', 'Lunch', 'Dinner']) {
      const made = await call(mock.url, 'POST', '/api/v1/users/me/notes/store', { token, session, body: NOTE(title) });
      expect(made.status).toBe(201);
      ids.push(made.body.data.id);
    }
    expect((await call(mock.url, 'DELETE', `/api/v1/users/me/notes/${ids[2]}`, { token, session })).status).toBe(200);
    expect(
      (await call(mock.url, 'PATCH', '/api/v1/users/me', { token, session, body: { description: 'Reproduce me.' } }))
        .status,
    ).toBe(200);
    // A request in another session, and one of the default state, are not this recording's.
    await signIn(mock.url, `${session}-other`);
    await signIn(mock.url);
    const notes = (await call(mock.url, 'GET', `/api/v1/users/me/notes/${me}`, { token, session })).body.data;
    return { id: started.body.data.id as string, token, notes };
  }

  it('stops into a scenario file that seeds the same state at start, secrets redacted', async () => {
    const { id, token, notes } = await recordFlow('bug-1');
    const stopped = await call(mock.url, 'POST', `/__mock/recordings/${id}/stop`);
    expect(stopped.status).toBe(200);
    const scenario = stopped.body.data;
    const { exchanges } = scenario.records;
    expect(exchanges.map((e: { operationId: string }) => e.operationId)).toEqual([
      'login',
      'getMe',
      'storeNote',
      'storeNote',
      'storeNote',
      'deleteNote',
      'updateMe',
      'listNotes',
    ]);
    expect(exchanges[0].body.password).toBe('[redacted]');
    expect(exchanges[0].answer.data.access_token).toBe('[redacted]');
    expect(exchanges[2].as).toBe(DEMO.email);
    expect(scenario.records.identities[DEMO.email]).toEqual({ university: DEMO.uniName });
    const text = JSON.stringify(scenario);
    expect(text).not.toContain(token);
    // A redacted password is replayed as the one the file names: the seeded users' by default.
    expect(scenario.records.password).toBe(DEMO.password);
    // What it answered stays the same once stopped: later requests of the session are not added.
    await call(mock.url, 'GET', '/api/v1/users/me', { token, session: 'bug-1' });
    const again = await call(mock.url, 'GET', `/__mock/recordings/${id}`);
    expect(again.headers.get('content-disposition')).toContain(`${id}.scenario.json`);
    expect(again.body.records.exchanges).toHaveLength(exchanges.length);

    const file = join(dir, 'bug-1.json');
    writeFileSync(file, JSON.stringify(scenario, null, 2));
    const replayed = await startMock(['--users', '60', '--scenario', file]);
    try {
      const fresh = await signIn(replayed.url);
      const me = (await call(replayed.url, 'GET', '/api/v1/users/me', { token: fresh })).body.data;
      const listed = (await call(replayed.url, 'GET', `/api/v1/users/me/notes/${me.id}`, { token: fresh })).body.data;
      const shape = (list: { id: number; title: string; note: string }[]) =>
        list.map(({ id: noteId, title, note }) => ({ id: noteId, title, note }));
      expect(shape(listed)).toEqual(shape(notes));
      expect(listed.map((n: { title: string }) => n.title)).toEqual(expect.arrayContaining(['Coffee', 'Lunch']));
      expect(listed.map((n: { title: string }) => n.title)).not.toContain('Dinner');
      expect(me.description).toBe('Reproduce me.');
    } finally {
      await replayed.stop();
    }
  }, 120_000);

  it('replays a recorded sign-up with the password the file names, and signs in a sender who signed in before it began', async () => {
    const session = 'signup-1';
    // Signed in before the recording: the file names who, never with what.
    const demo = await signIn(mock.url, session);
    const started = await call(mock.url, 'POST', '/__mock/recordings', { session });
    const email = `ada-${Date.now()}@cohort.test`;
    const signUp = { university_name: 'Test University', email, password: 'her-own-secret-7', graduation_year: 2026 };
    const made = await call(mock.url, 'POST', '/api/v1/register', { session, body: signUp });
    expect(made.status).toBe(201);
    const ada = made.body.data.access_token as string;
    await call(mock.url, 'POST', '/api/v1/users/me/notes/store', { token: ada, session, body: NOTE('Ada note') });
    await call(mock.url, 'POST', '/api/v1/users/me/notes/store', { token: demo, session, body: NOTE('Demo note') });
    const { body } = await call(mock.url, 'POST', `/__mock/recordings/${started.body.data.id}/stop`);
    const scenario = body.data;
    expect(JSON.stringify(scenario)).not.toContain('her-own-secret-7');
    expect(scenario.records.identities).toEqual({
      [email]: { university: 'Test University' },
      [DEMO.email]: { university: DEMO.uniName },
    });

    const file = join(dir, 'signup-1.json');
    writeFileSync(file, JSON.stringify(scenario));
    const replayed = await startMock(['--users', '60', '--scenario', file]);
    try {
      // The recorded sign-up made her account with the file's password.
      const login = await call(replayed.url, 'POST', '/api/v1/login', {
        body: { uniName: 'Test University', email, password: scenario.records.password },
      });
      expect(login.status).toBe(200);
      const titles = async (token: string) => {
        const me = (await call(replayed.url, 'GET', '/api/v1/users/me', { token })).body.data.id;
        return (await call(replayed.url, 'GET', `/api/v1/users/me/notes/${me}`, { token })).body.data.map(
          (n: { title: string }) => n.title,
        );
      };
      expect(await titles(login.body.data.access_token)).toEqual(['Ada note']);
      expect(await titles(await signIn(replayed.url))).toContain('Demo note');
    } finally {
      await replayed.stop();
    }
  }, 120_000);

  it('answers the recording as a HAR 1.2 file other tools read', async () => {
    const { id, token } = await recordFlow('har-1');
    await call(mock.url, 'POST', `/__mock/recordings/${id}/stop`);
    const har = await call(mock.url, 'GET', `/__mock/recordings/${id}.har`);
    expect(har.status).toBe(200);
    const validate = harValidator();
    expect(validate(har.body), JSON.stringify(validate.errors)).toBe(true);
    const { entries } = har.body.log;
    expect(entries).toHaveLength(8);
    expect(entries[2].request.url).toBe(`${mock.url}/api/v1/users/me/notes/store`);
    expect(JSON.parse(entries[2].request.postData.text)).toEqual(NOTE('Coffee'));
    expect(entries[2].response.status).toBe(201);
    expect(entries[2].request.headers).toContainEqual({ name: 'authorization', value: '[redacted]' });
    expect(JSON.stringify(har.body)).not.toContain(token);
    expect((await call(mock.url, 'GET', `/__mock/recordings/${id}?format=har`)).body).toEqual(har.body);
  }, 60_000);

  it('names the preset a recorded session was made from, so the file starts from that seed', async () => {
    const session = 'bug-empty';
    await mockControl(mock.url, { session }).startSession('empty');
    const started = await call(mock.url, 'POST', '/__mock/recordings', { session });
    const token = await signIn(mock.url, session);
    const me = (await call(mock.url, 'GET', '/api/v1/users/me', { token, session })).body.data.id as string;
    expect((await call(mock.url, 'GET', `/api/v1/users/me/notes/${me}`, { token, session })).body.data).toEqual([]);
    const made = await call(mock.url, 'POST', '/api/v1/users/me/notes/store', { token, session, body: NOTE('Only') });
    expect(made.status).toBe(201);
    const scenario = (await call(mock.url, 'POST', `/__mock/recordings/${started.body.data.id}/stop`)).body.data;
    expect(scenario.extends).toBe('empty');
    // The file as a file says the same; the default state's recordings name no preset.
    expect((await call(mock.url, 'GET', `/__mock/recordings/${started.body.data.id}`)).body.extends).toBe('empty');

    const file = join(dir, 'bug-empty.json');
    writeFileSync(file, JSON.stringify(scenario, null, 2));
    const replayed = await startMock(['--users', '60', '--scenario', file]);
    try {
      const fresh = await signIn(replayed.url);
      const id = (await call(replayed.url, 'GET', '/api/v1/users/me', { token: fresh })).body.data.id as string;
      const listed = (await call(replayed.url, 'GET', `/api/v1/users/me/notes/${id}`, { token: fresh })).body.data;
      // The empty account with the one note the recording made, not the seeded notes besides it.
      expect(listed.map((n: { title: string }) => n.title)).toEqual(['Only']);
    } finally {
      await replayed.stop();
    }
  }, 120_000);

  it('records the default state when started outside any session', async () => {
    const started = await call(mock.url, 'POST', '/__mock/recordings', {});
    expect(started.body.data.session).toBeNull();
    await signIn(mock.url, 'elsewhere');
    const token = await signIn(mock.url);
    await call(mock.url, 'GET', '/api/v1/users/me', { token });
    const { records } = (await call(mock.url, 'POST', `/__mock/recordings/${started.body.data.id}/stop`)).body.data;
    expect(records.exchanges.map((e: { operationId: string }) => e.operationId)).toEqual(['login', 'getMe']);
    expect((await call(mock.url, 'GET', `/__mock/recordings/${started.body.data.id}`)).body.extends).toBeUndefined();
  }, 60_000);

  it('is guarded like every /__mock endpoint and names a bad field', async () => {
    const foreign = await fetch(`${mock.url}/__mock/recordings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '{}',
    });
    expect(foreign.status).toBe(403);
    const form = await fetch(`${mock.url}/__mock/recordings`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(form.status).toBe(415);
    const bad = await call(mock.url, 'POST', '/__mock/recordings', { body: { session: 7, colour: 'red' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['colour', 'session']);
    expect((await call(mock.url, 'POST', '/__mock/recordings/rec_nope/stop')).status).toBe(404);
    expect((await call(mock.url, 'GET', '/__mock/recordings/rec_nope.har')).status).toBe(404);
  });
});

describe('recording an in-process engine with the typed control', () => {
  it('records the control session through handle(), with its scenario file and HAR', async () => {
    const engine = createMockEngine({ users: 20, channels: 3 });
    try {
      const engineFetch: typeof fetch = (input, init) => engine.handle(new Request(input, init));
      const mock = mockControl('http://mock.test', { fetch: engineFetch, session: 'story-1' });
      const started = await mock.startRecording();
      expect(started.session).toBe('story-1');
      const answer = await engineFetch('http://mock.test/api/v1/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...mock.headers },
        body: JSON.stringify(DEMO),
      });
      expect(answer.status).toBe(200);
      // An override's answer is marked: it changed nothing, so no replay sends it.
      await mock.override('getMe', 503, { success: false, message: 'Down for this story.' });
      expect((await engineFetch('http://mock.test/api/v1/users/me', { headers: mock.headers })).status).toBe(503);
      const scenario = await mock.stopRecording(started.id);
      expect(scenario.records.exchanges.map((e) => [e.operationId, e.status, e.overridden ?? false])).toEqual([
        ['login', 200, false],
        ['getMe', 503, true],
      ]);
      const har = await mock.har(started.id);
      expect(har.log.entries).toHaveLength(2);
      expect(harValidator()(har)).toBe(true);
    } finally {
      engine.close();
    }
  });
});

describe('a scenario file with records', () => {
  const parse = (raw: unknown) => parseScenario(raw, 'bug', contract().operations);
  const problems = (raw: unknown) => {
    try {
      parse(raw);
      return [];
    } catch (error) {
      return (error as ScenarioError).problems;
    }
  };

  it('names each bad field of a record on its own line', () => {
    expect(
      problems({
        records: {
          exchanges: [
            { method: 'POST', path: '/api/v1/login', operationId: 'logn', status: 200 },
            { method: 'FETCH', path: 'api/v1/users/me', status: 2000, colour: 1 },
          ],
        },
      }),
    ).toEqual([
      'records.exchanges.1.colour: unknown key',
      'records.exchanges.1.method: must be one of GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
      'records.exchanges.1.path: must match pattern "^/"',
      'records.exchanges.1.status: must be <= 599',
      'records.exchanges.0.operationId: not an operation of the contract (did you mean login?)',
    ]);
  });

  it('replays redacted passwords as the seeded one unless the file names another', () => {
    const exchanges = [{ method: 'GET', path: '/api/v1/users/me', operationId: 'getMe', status: 200 }];
    expect(parse({ records: { exchanges } }).records).toEqual({ password: 'cohort-demo', identities: {}, exchanges });
    expect(parse({ records: { password: 'hunter2-x', exchanges } }).records?.password).toBe('hunter2-x');
  });
});
