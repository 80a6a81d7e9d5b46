import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import cors from 'cors';
import express, { type Express } from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { corsFor, EXPOSED_HEADERS } from '../src/adapters/cors.ts';
import { lastingOk, weakEtag, writeJson } from '../src/adapters/json-response.ts';
import { oweHeaders, SECURITY_FLAT, takeOwedHeaders } from '../src/adapters/owed-headers.ts';
import { createMockServer } from '../src/adapters/server.ts';

const body = { success: true, message: 'OK', data: [{ id: 1, title: 'ünïcödé 🎓', date: '2026-11-18' }] };

const frozenList = Object.freeze([Object.freeze({ id: 7, title: 'Frozen' })]);
/** Sent only by the test that counts its serializations. */
const onceList = Object.freeze([Object.freeze({ id: 8, title: 'Once' })]);

/** The same routes twice: Express's own `res.json`, and `writeJson`. */
function app(fast: boolean): Express {
  const a = express();
  a.set('etag', weakEtag);
  const json =
    (status: number, value: unknown, headers: Record<string, string> = {}): express.RequestHandler =>
    (_req, res) => {
      if (fast) writeJson(res, status, headers, value);
      else res.status(status).set(headers).json(value);
    };
  a.all('/created', json(201, body));
  a.get('/ok', json(200, body));
  a.get('/limited', json(429, body, { 'Retry-After': '3' }));
  a.get('/lasting', json(200, lastingOk(frozenList)));
  a.get('/once', json(200, lastingOk(onceList)));
  return a;
}

function listen(a: Express): Promise<{ server: Server; url: string }> {
  return new Promise((resolve) => {
    const server = createMockServer(a).listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    );
  });
}

const NAMES = ['content-type', 'content-length', 'etag', 'transfer-encoding', 'retry-after', 'x-content-type-options'];

async function answer(url: string, init?: RequestInit) {
  const res = await fetch(url, init);
  const headers = Object.fromEntries(NAMES.map((name) => [name, res.headers.get(name)]));
  return { status: res.status, headers, text: await res.text() };
}

describe('writeJson', () => {
  let plain: { server: Server; url: string };
  let fast: { server: Server; url: string };
  beforeAll(async () => {
    [plain, fast] = await Promise.all([listen(app(false)), listen(app(true))]);
  });
  afterAll(() => {
    plain.server.close();
    fast.server.close();
  });

  it("answers a read exactly as Express's res.json: status, headers (its ETag included) and body", async () => {
    const cases: [string, RequestInit?][] = [['/ok'], ['/ok', { method: 'HEAD' }], ['/lasting']];
    for (const [path, init] of cases) {
      const expected = await answer(plain.url + path, init);
      expect(await answer(fast.url + path, init), path).toEqual(expected);
    }
    const ok = await answer(`${fast.url}/ok`);
    expect(ok.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(ok.headers.etag).toBe(weakEtag(JSON.stringify(body)));
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives an ETag to reads only: a write or a refusal cannot be revalidated', async () => {
    for (const [path, init] of [['/created', { method: 'POST' }], ['/limited']] as const) {
      const expected = await answer(plain.url + path, init);
      const got = await answer(fast.url + path, init);
      expect(got, path).toEqual({ ...expected, headers: { ...expected.headers, etag: null } });
      expect(expected.headers.etag, path).not.toBeNull();
    }
    expect((await answer(`${fast.url}/limited`)).headers['retry-after']).toBe('3');
  });

  it('answers 304 to a read whose ETag matches, and 200 to one whose does not or that asks for no cache', async () => {
    const { headers } = await answer(`${fast.url}/ok`);
    const revalidate = (tag: string, cache = 'max-age=0') => ({
      headers: { 'if-none-match': tag, 'cache-control': cache },
    });
    const same = await answer(`${fast.url}/ok`, revalidate(headers.etag ?? ''));
    expect(same).toEqual(await answer(`${plain.url}/ok`, revalidate(headers.etag ?? '')));
    expect(same.status).toBe(304);
    expect(same.text).toBe('');
    expect(same.headers.etag).toBe(headers.etag);
    for (const init of [revalidate('W/"0-stale"'), revalidate(headers.etag ?? '', 'no-cache')]) {
      const got = await answer(`${fast.url}/ok`, init);
      expect(got.status).toBe(200);
      expect(got).toEqual(await answer(`${plain.url}/ok`, init));
    }
  });
});

describe('owed headers', () => {
  it('go out with every answer, but give way to a header of the same name the answer sets', async () => {
    const a = express();
    a.get('/own', (_req, res) => {
      res.setHeader('X-Frame-Options', 'SAMEORIGIN');
      res.send('text');
    });
    a.get('/engine', (_req, res) => {
      oweHeaders(res, [...SECURITY_FLAT, 'Vary', 'Origin']);
      writeJson(res, 200, { vary: 'Cookie' }, { ok: true });
    });
    a.get('/stream', (_req, res) => {
      res.status(200).set('Content-Type', 'text/event-stream').flushHeaders();
      res.end();
    });
    const { server, url } = await listen(a);
    try {
      const own = await fetch(`${url}/own`);
      expect(own.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(own.headers.get('referrer-policy')).toBe('no-referrer');
      const engine = await fetch(`${url}/engine`);
      expect(engine.headers.get('vary')).toBe('Cookie');
      expect(engine.headers.get('x-content-type-options')).toBe('nosniff');
      const stream = await fetch(`${url}/stream`);
      expect(stream.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    } finally {
      server.close();
    }
  });
});

/** A stand-in response that keeps its headers in order, as node's does. */
function headersOf(run: (req: never, res: never) => void, origin: string | undefined, method = 'GET') {
  const set = new Map<string, string>();
  const req = { method, headers: origin === undefined ? {} : { origin } };
  const res = {
    statusCode: 200,
    getHeader: (name: string) => set.get(name.toLowerCase()),
    setHeader: (name: string, value: string) => void set.set(name.toLowerCase(), String(value)),
    end: () => {},
  };
  run(req as never, res as never);
  return Object.fromEntries(set);
}

/** A flat list of names and values as lower-cased names to values. */
function asRecord(flat: readonly string[]): Record<string, string> {
  const record: Record<string, string> = {};
  for (let at = 0; at < flat.length; at += 2) record[(flat[at] as string).toLowerCase()] = flat[at + 1] as string;
  return record;
}

describe('lastingOk', () => {
  it('gives the same frozen envelope for the same frozen data, and a fresh one for data that may change', () => {
    expect(lastingOk(frozenList)).toBe(lastingOk(frozenList));
    expect(Object.isFrozen(lastingOk(frozenList))).toBe(true);
    const open = [{ id: 1 }];
    expect(lastingOk(open)).not.toBe(lastingOk(open));
    expect(lastingOk(open)).toEqual({ success: true, message: 'OK', data: open });
  });

  it('is serialized once by writeJson, and answered the same every time', async () => {
    const fast = await listen(app(true));
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      const first = await answer(`${fast.url}/once`);
      const second = await answer(`${fast.url}/once`);
      expect(second).toEqual(first);
      expect(JSON.parse(first.text)).toEqual({ success: true, message: 'OK', data: onceList });
      expect(stringify.mock.calls.filter(([value]) => value === lastingOk(onceList))).toHaveLength(1);
    } finally {
      stringify.mockRestore();
      fast.server.close();
    }
  });
});

describe('corsFor', () => {
  it('owes on every non-preflight request the security headers and the headers the cors package sets', () => {
    const lists: (string[] | '*')[] = [['http://localhost:5173', 'http://127.0.0.1:5173'], '*'];
    for (const origins of lists) {
      const expected = cors({ origin: origins, exposedHeaders: EXPOSED_HEADERS, maxAge: 600 });
      const inline = corsFor(origins);
      for (const origin of [undefined, 'http://localhost:5173', 'http://127.0.0.1:5173', 'https://evil.example']) {
        const fromPackage = headersOf((req, res) => expected(req, res, () => {}), origin);
        const req = { method: 'GET', headers: origin === undefined ? {} : { origin } };
        const res = {};
        expect(inline(req as never, res as never)).toBe(false);
        const owed = takeOwedHeaders(res as never) ?? [];
        expect(owed).toBe(inline.headersFor(origin));
        expect(asRecord(owed)).toEqual({ ...asRecord(SECURITY_FLAT), ...fromPackage });
      }
    }
  });

  it('answers a preflight itself, as the cors package does', () => {
    const origins = ['http://localhost:5173'];
    const expected = cors({ origin: origins, exposedHeaders: EXPOSED_HEADERS, maxAge: 600 });
    const fromPackage = headersOf((req, res) => expected(req, res, () => {}), origins[0], 'OPTIONS');
    const inline = headersOf((req, res) => expect(corsFor(origins)(req, res)).toBe(true), origins[0], 'OPTIONS');
    expect(inline).toEqual(fromPackage);
    expect(inline['access-control-max-age']).toBe('600');
  });
});
