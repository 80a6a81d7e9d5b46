import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../src/adapters/node.ts';
import { DEMO_ACCOUNT, SEEDED_PASSWORD } from '../src/seed/index.ts';
import { mockControl } from '../src/tools/testing.ts';
import { withServer } from './helpers.ts';

const EVIL = 'https://evil.example';
const json = { 'content-type': 'application/json' };

const makeSession = (baseUrl: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}/__mock/sessions`, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) });

/** Reads `entry` events off the journal stream into `entries` until aborted. */
async function openJournal(url: string) {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  const entries: { seq: number; path: string; session: string | null; body: unknown; status: number }[] = [];
  const ids: string[] = [];
  void (async () => {
    if (res.status !== 200 || !res.body) return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields = new Map(
            block
              .split('\n')
              .filter((line) => line.indexOf(':') > 0)
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trimStart()]),
          );
          if (fields.get('event') !== 'entry') continue;
          entries.push(JSON.parse(fields.get('data') ?? 'null'));
          ids.push(fields.get('id') ?? '');
        }
      }
    } catch {
      // aborted
    }
  })();
  const waitFor = async (match: (e: (typeof entries)[number]) => boolean) => {
    for (const until = Date.now() + 3000; Date.now() < until; ) {
      const found = entries.find(match);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no matching entry; got ${JSON.stringify(entries.map((e) => e.path))}`);
  };
  return { res, entries, ids, waitFor, close: () => controller.abort() };
}

describe('POST /__mock/sessions makes a session before any request names it', () => {
  it('makes one from a preset, lists it, and its requests see that preset; DELETE drops it', async () => {
    await withServer({}, async (server) => {
      const res = await makeSession(server.baseUrl, { name: 'panel-1', preset: 'empty' });
      expect(res.status).toBe(201);
      const made = (await res.json()) as { data: { name: string; scenario: string; requests: number } };
      expect(made.data).toMatchObject({ name: 'panel-1', scenario: 'empty', requests: 0 });

      const list = (await (await fetch(`${server.baseUrl}/__mock/sessions`)).json()) as { data: { name: string }[] };
      expect(list.data.map((s) => s.name)).toEqual(['panel-1']);

      // Made from `empty`: the demo account has no connections there, and many in the default state.
      const friends = async (session?: string) => {
        const login = await fetch(`${server.baseUrl}/api/v1/login`, {
          method: 'POST',
          headers: { ...json, ...(session ? { 'x-mock-session': session } : {}) },
          body: JSON.stringify({
            uniName: DEMO_ACCOUNT.university,
            email: DEMO_ACCOUNT.email,
            password: SEEDED_PASSWORD,
          }),
        });
        const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
        const res = await fetch(`${server.baseUrl}/api/v1/users/me/friends`, {
          headers: { authorization: `Bearer ${token}`, ...(session ? { 'x-mock-session': session } : {}) },
        });
        return ((await res.json()) as unknown[]).length;
      };
      expect(await friends('panel-1')).toBe(0);
      expect(await friends()).toBeGreaterThan(0);

      expect((await makeSession(server.baseUrl, { name: 'panel-1', preset: 'empty' })).status).toBe(409);

      const drop = await fetch(`${server.baseUrl}/__mock/sessions/panel-1`, { method: 'DELETE', headers: json });
      expect(drop.status).toBe(200);
      const after = (await (await fetch(`${server.baseUrl}/__mock/sessions`)).json()) as { data: unknown[] };
      expect(after.data).toEqual([]);
    });
  });

  it('names every bad field: a bad name, an unknown preset, a field it does not take', async () => {
    await withServer({}, async (server) => {
      const bad = await makeSession(server.baseUrl, { name: 'no spaces', preset: 7, colour: 'red' });
      expect(bad.status).toBe(422);
      const body = (await bad.json()) as { success: boolean; errors: Record<string, string[]> };
      expect(body.success).toBe(false);
      expect(Object.keys(body.errors).sort()).toEqual(['colour', 'name', 'preset']);

      const unknown = await makeSession(server.baseUrl, { name: 'ok', preset: 'emtpy' });
      expect(unknown.status).toBe(400);
      expect(((await unknown.json()) as { message: string }).message).toContain('did you mean empty');
    });
  });

  it('is refused for a page of another origin (403) and without JSON (415)', async () => {
    await withServer({}, async (server) => {
      expect((await makeSession(server.baseUrl, { name: 'x' }, { origin: EVIL })).status).toBe(403);
      const plain = await fetch(`${server.baseUrl}/__mock/sessions`, { method: 'POST', body: '{"name":"x"}' });
      expect(plain.status).toBe(415);
      const list = (await (await fetch(`${server.baseUrl}/__mock/sessions`)).json()) as { data: unknown[] };
      expect(list.data).toEqual([]);
    });
  });
});

describe('GET /__mock/journal/stream: the journal live', () => {
  it('sends each request as it is recorded, redacted like the journal, with its seq as the event id', async () => {
    await withServer({}, async (server) => {
      const stream = await openJournal(`${server.baseUrl}/__mock/journal/stream`);
      try {
        expect(stream.res.status).toBe(200);
        expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
        await server.login();
        const entry = await stream.waitFor((e) => e.path === '/api/v1/login');
        expect(entry.status).toBe(200);
        expect(JSON.stringify(entry.body)).not.toContain(SEEDED_PASSWORD);
        expect((entry.body as { password: string }).password).toBe('[redacted]');
        expect(stream.ids[stream.entries.indexOf(entry)]).toBe(String(entry.seq));
      } finally {
        stream.close();
      }
    });
  });

  it('filters by session, and starts after ?since=', async () => {
    await withServer({}, async (server) => {
      await fetch(`${server.baseUrl}/api/v1/resources/universities`);
      const stream = await openJournal(`${server.baseUrl}/__mock/journal/stream?session=s1&since=0`);
      try {
        await fetch(`${server.baseUrl}/api/v1/resources/universities`, { headers: { 'x-mock-session': 's2' } });
        await fetch(`${server.baseUrl}/api/v1/resources/universities`, { headers: { 'x-mock-session': 's1' } });
        await stream.waitFor((e) => e.session === 's1');
        await new Promise((r) => setTimeout(r, 50));
        expect(stream.entries.map((e) => e.session)).toEqual(['s1']);
      } finally {
        stream.close();
      }
    });
  });

  it('is refused for a page of another origin and beyond loopback without the flag', async () => {
    await withServer({}, async (server) => {
      const res = await fetch(`${server.baseUrl}/__mock/journal/stream`, { headers: { origin: EVIL } });
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toContain('application/json');
    });
    await withServer({ options: { allowMockTools: false } }, async (server) => {
      const res = await fetch(`${server.baseUrl}/__mock/journal/stream`);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toContain('--allow-remote-mock-tools');
    });
  });
});

describe('the in-process engine (the offline demo) answers both the same way', () => {
  it('makes a session from a preset and streams the journal as a fetch Response', async () => {
    const engine = createMockEngine({ users: 20, channels: 3 });
    try {
      const send = (path: string, init: RequestInit = {}) =>
        engine.handle(new Request(`http://mock.test${path}`, init));
      const made = await send('/__mock/sessions', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name: 'tab-1', preset: 'empty' }),
      });
      expect(made.status).toBe(201);
      expect(((await made.json()) as { data: { scenario: string } }).data.scenario).toBe('empty');
      expect((await send('/__mock/journal/stream', { headers: { origin: EVIL } })).status).toBe(403);

      const controller = new AbortController();
      const stream = await send('/__mock/journal/stream', { signal: controller.signal });
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toContain('text/event-stream');
      const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      await send('/api/v1/users/me', { headers: { 'x-mock-session': 'tab-1' } });
      let text = '';
      while (!text.includes('event: entry')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      const data = JSON.parse(/data: (.*)\n/.exec(text.slice(text.indexOf('event: entry')))?.[1] ?? 'null');
      expect(data).toMatchObject({ path: '/api/v1/users/me', session: 'tab-1', status: 401 });
      await reader.cancel();
    } finally {
      engine.close();
    }
  });
});

describe('mockControl(url, { session }).startSession(preset)', () => {
  it('makes the control’s session from the preset', async () => {
    await withServer({}, async (server) => {
      const mock = mockControl(server.baseUrl, { session: 'typed-1' });
      expect(await mock.startSession('empty')).toMatchObject({ name: 'typed-1', scenario: 'empty' });
      expect((await mock.sessions()).map((s) => [s.name, s.scenario])).toEqual([['typed-1', 'empty']]);
    });
  });
});
