import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { mockHandlers } from '../src/adapters/msw.ts';
import { createMockEngine } from '../src/adapters/node.ts';
import { createMockServer } from '../src/adapters/server.ts';
import { createApp } from '../src/app.ts';
import { JSON_BODY_LIMIT } from '../src/engine/json-text.ts';
import { DEMO_ACCOUNT, SEEDED_PASSWORD, seedState } from '../src/seed/index.ts';
import { Store } from '../src/store/store.ts';
import { seededPasswordHash } from './helpers.ts';
import { pdf } from './media-fixtures.ts';

/** One answer, as the table compares it. */
interface Seen {
  status: number;
  body: unknown;
  headers: Record<string, string | null>;
}

/** What a step may use of earlier answers (the token, the demo account's id, a cursor, a group). */
type Ctx = Record<string, string>;
type Send = (path: string, init?: RequestInit) => Promise<Response>;

interface Step {
  name: string;
  request: (ctx: Ctx) => [string, RequestInit?];
  /** Reads what later steps need from the answer. */
  keep?: (body: unknown, ctx: Ctx) => void;
  /** JSON pointers whose values are fresh per engine (new ids, tokens). */
  fresh?: string[];
  /** Read the answer as an event stream until this event, instead of as JSON. */
  until?: string;
}

const SEED = { users: 60, channels: 12 };
const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const auth = (ctx: Ctx, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${ctx.token}` },
});
const data = (body: unknown) => (body as { data: Record<string, unknown> & { id: string } }).data;

const STEPS: Step[] = [
  {
    name: 'sign in',
    request: () => [
      '/api/v1/login',
      json({ uniName: DEMO_ACCOUNT.university, email: DEMO_ACCOUNT.email, password: SEEDED_PASSWORD }),
    ],
    keep: (body, ctx) => {
      ctx.token = String(data(body).access_token);
    },
    fresh: ['/data/access_token'],
  },
  {
    name: 'read me',
    request: (ctx) => ['/api/v1/users/me', auth(ctx)],
    keep: (body, ctx) => {
      ctx.me = data(body).id;
    },
  },
  {
    name: 'store a note',
    request: (ctx) => [
      '/api/v1/users/me/notes/store',
      auth(ctx, json({ title: 'Coffee', note: 'Follow up next week.', date: '2026-11-25' })),
    ],
  },
  { name: 'list notes', request: (ctx) => [`/api/v1/users/me/notes/${ctx.me}`, auth(ctx)] },
  { name: 'a 404', request: () => ['/api/v1/nowhere'] },
  { name: 'a 405 with Allow', request: (ctx) => ['/api/v1/users/me/notes/store', auth(ctx)] },
  {
    name: 'a 422 naming fields',
    request: (ctx) => ['/api/v1/users/me/notes/store', auth(ctx, json({ title: 5, extra: true }))],
  },
  { name: 'a 401', request: () => ['/api/v1/users/me'] },
  {
    name: 'a 400 (not JSON)',
    request: (ctx) => ['/api/v1/users/me/notes/store', auth(ctx, { ...json({}), body: '{' })],
  },
  {
    name: 'a 400 (a body of only whitespace)',
    request: (ctx) => ['/api/v1/users/me/notes/store', auth(ctx, { ...json({}), body: ' \r\n\t ' })],
  },
  {
    name: 'a 400 (a JSON string at the top, which strict parsing refuses)',
    request: (ctx) => ['/api/v1/users/me/notes/store', auth(ctx, { ...json({}), body: '"note"' })],
  },
  {
    name: 'a 422 (an empty body reads as {})',
    request: (ctx) => ['/api/v1/users/me/notes/store', auth(ctx, { ...json({}), body: '' })],
  },
  {
    name: 'a note after a byte-order mark',
    request: (ctx) => [
      '/api/v1/users/me/notes/store',
      auth(ctx, {
        ...json({}),
        body: `\ufeff${JSON.stringify({ title: 'After a BOM', note: 'Read all the same.', date: '2026-11-25' })}`,
      }),
    ],
    fresh: ['/data/id'],
  },
  {
    name: 'a 413 (one byte over the JSON limit)',
    request: (ctx) => [
      '/api/v1/users/me/notes/store',
      auth(ctx, { ...json({}), body: `{"a":"${'x'.repeat(JSON_BODY_LIMIT - 7)}"}` }),
    ],
  },
  {
    name: 'a list, first page',
    request: (ctx) => ['/api/v1/users/me/feed?limit=2', auth(ctx)],
    keep: (body, ctx) => {
      ctx.cursor = String((body as { meta: { next_cursor: string } }).meta.next_cursor);
    },
  },
  {
    name: 'a list, next page by cursor',
    request: (ctx) => [`/api/v1/users/me/feed?limit=2&cursor=${encodeURIComponent(ctx.cursor ?? '')}`, auth(ctx)],
  },
  {
    name: 'my groups',
    request: (ctx) => ['/api/v1/users/me/channels', auth(ctx)],
    keep: (body, ctx) => {
      ctx.channel = (body as { data: { id: string }[] }).data[0]?.id ?? '';
    },
  },
  {
    name: 'an upload (a résumé)',
    request: (ctx) => {
      const form = new FormData();
      form.append('use', 'resume');
      form.append('file', new Blob([new Uint8Array(pdf())], { type: 'application/pdf' }), 'cv.pdf');
      return ['/api/v1/media', auth(ctx, { method: 'POST', body: form })];
    },
    fresh: ['/data/id', '/data/url'],
  },
  {
    name: 'a stream event (my stream hears my message)',
    request: (ctx) => ['/api/v1/users/me/stream', auth(ctx)],
    until: 'message',
    fresh: ['/message/id'],
  },
];

/** Header names the contract declares for these answers, and the framing both must agree on. */
const HEADERS = ['content-type', 'allow', 'retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'etag'];

/** Replaces fresh values (and times of this run) so two engines' answers compare. */
function normalise(body: unknown, fresh: string[] = [], started = Date.now() - 120_000): unknown {
  const walk = (value: unknown, pointer: string): unknown => {
    if (fresh.includes(pointer)) return '<fresh>';
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && Date.parse(value) >= started) return '<now>';
    if (Array.isArray(value)) return value.map((v, i) => walk(v, `${pointer}/${i}`));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, `${pointer}/${k}`)]));
    }
    return value;
  };
  return walk(body, '');
}

/** Reads an event stream until `event`, sending a message to the group once it is open. */
async function readEvent(response: Response, event: string, send: Send, ctx: Ctx): Promise<unknown> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  let sent = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return { ended: text };
      text += decoder.decode(value, { stream: true });
      if (!sent && text.includes('retry:')) {
        sent = true;
        await send(`/api/v1/channels/${ctx.channel}/messages`, auth(ctx, json({ message: 'Hello from the table' })));
      }
      const frame = new RegExp(`event: ${event}\\n(?:id: [^\\n]*\\n)?data: ([^\\n]*)\\n`).exec(text);
      if (frame?.[1]) return JSON.parse(frame[1]) as unknown;
    }
  } finally {
    // Not awaited: through msw the cancel settles only once the source stream ends.
    void reader.cancel().catch(() => {});
  }
}

/** Runs the table through one adapter: every answer, in order. */
async function runTable(send: Send): Promise<Seen[]> {
  const ctx: Ctx = {};
  const seen: Seen[] = [];
  for (const step of STEPS) {
    const [path, init] = step.request(ctx);
    const response = await send(path, init);
    let body: unknown;
    if (step.until) body = await readEvent(response, step.until, send, ctx);
    else {
      const text = await response.text();
      body = text ? (JSON.parse(text) as unknown) : null;
    }
    if (response.ok) step.keep?.(body, ctx);
    const headers = Object.fromEntries(HEADERS.map((h) => [h, response.headers.get(h)]));
    // An ETag is the body's hash: it matches only where nothing fresh is in the body.
    if (step.fresh || step.until || /\d{4}-\d{2}-\d{2}T/.test(JSON.stringify(body)))
      headers.etag = headers.etag ? '<etag>' : null;
    seen.push({ status: response.status, body: normalise(body, step.fresh), headers });
  }
  return seen;
}

async function throughExpress(): Promise<Seen[]> {
  const store = new Store(seedState(SEED));
  const app = createApp({ store, options: { seededPasswordHash: await seededPasswordHash() } });
  const server = await new Promise<Server>((resolve) => {
    const s = createMockServer(app).listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    return await runTable((path, init) => fetch(base + path, init));
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

async function throughMsw(): Promise<Seen[]> {
  const engine = createMockEngine(SEED);
  const server = setupServer(...mockHandlers(engine, 'http://mock.test'));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    return await runTable((path, init) => fetch(`http://mock.test${path}`, init));
  } finally {
    server.close();
    engine.close();
  }
}

async function throughHandle(): Promise<Seen[]> {
  const engine = createMockEngine(SEED);
  try {
    return await runTable((path, init) => engine.handle(new Request(`http://mock.test${path}`, init)));
  } finally {
    engine.close();
  }
}

describe('the engine behind three adapters', () => {
  it('answers the same table of requests alike through Express, msw/node and handle()', async () => {
    const express = await throughExpress();
    const msw = await throughMsw();
    const direct = await throughHandle();
    // The table means something: each kind of answer it names is there.
    expect(express.map((s) => s.status)).toEqual([
      200, 200, 201, 200, 404, 405, 422, 401, 400, 400, 400, 422, 201, 413, 200, 200, 200, 201, 200,
    ]);
    expect(express[5]?.headers.allow).toBe('POST');
    expect(express[6]?.body).toMatchObject({ errors: { title: expect.any(Array), extra: expect.any(Array) } });
    expect(express[11]?.body).toMatchObject({ errors: { title: expect.any(Array), note: expect.any(Array) } });
    expect(express[12]?.body).toMatchObject({ data: { title: 'After a BOM' } });
    expect(express[18]?.body).toMatchObject({ message: { message: 'Hello from the table' } });
    STEPS.forEach((step, i) => {
      expect(msw[i], `msw/node: ${step.name}`).toEqual(express[i]);
      expect(direct[i], `handle(): ${step.name}`).toEqual(express[i]);
    });
  });
});

describe('handle() reads a Request of any fetch implementation', () => {
  it('reads header names case-blind: a Headers that keeps "Authorization" as given (happy-dom) still signs in', async () => {
    const engine = createMockEngine(SEED);
    try {
      const signIn = await engine.handle(
        new Request(
          'http://mock.test/api/v1/login',
          json({ uniName: DEMO_ACCOUNT.university, email: DEMO_ACCOUNT.email, password: SEEDED_PASSWORD }),
        ),
      );
      const token = String(data(await signIn.json()).access_token);
      const request = new Request('http://mock.test/api/v1/users/me');
      // A Headers as happy-dom's: names come back in the case they were set in.
      const given = new Map([['Authorization', `Bearer ${token}`]]);
      Object.defineProperty(request, 'headers', {
        value: {
          forEach: (fn: (value: string, name: string) => void) => {
            for (const [name, value] of given) fn(value, name);
          },
          get: (name: string) => [...given].find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1] ?? null,
        },
      });
      const me = await engine.handle(request);
      expect(me.status).toBe(200);
      expect(data(await me.json()).email).toBe(DEMO_ACCOUNT.email);
    } finally {
      engine.close();
    }
  });
});
