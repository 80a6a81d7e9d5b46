import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import cors from 'cors';
import express, { type Express } from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { corsFor, EXPOSED_HEADERS } from '../src/middleware/cors.ts';
import { fastJson, lastingOk, weakEtag } from '../src/middleware/json-response.ts';

const body = { success: true, message: 'OK', data: [{ id: 1, title: 'ünïcödé 🎓', date: '2026-11-18' }] };

const frozenList = Object.freeze([Object.freeze({ id: 7, title: 'Frozen' })]);

/** The same app twice: Express's own `res.json`, and with `fastJson`. */
function app(fast: boolean): Express {
  const a = express();
  a.set('etag', weakEtag);
  if (fast) fastJson(a);
  a.all('/created', (_req, res) => void res.status(201).json(body));
  a.get('/ok', (_req, res) => void res.json(body));
  a.get('/typed', (_req, res) => void res.type('application/problem+json').json(body));
  a.get('/empty', (_req, res) => void res.status(204).json(body));
  a.get('/lasting', (_req, res) => void res.json(lastingOk(frozenList)));
  return a;
}

function listen(a: Express): Promise<{ server: Server; url: string }> {
  return new Promise((resolve) => {
    const server = a.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    );
  });
}

async function answer(url: string, init?: RequestInit) {
  const res = await fetch(url, init);
  const headers = Object.fromEntries(
    ['content-type', 'content-length', 'etag', 'transfer-encoding'].map((name) => [name, res.headers.get(name)]),
  );
  return { status: res.status, headers, text: await res.text() };
}

describe('fastJson', () => {
  let plain: { server: Server; url: string };
  let fast: { server: Server; url: string };
  beforeAll(async () => {
    [plain, fast] = await Promise.all([listen(app(false)), listen(app(true))]);
  });
  afterAll(() => {
    plain.server.close();
    fast.server.close();
  });

  it("answers exactly as Express's res.json: status, Content-Type, Content-Length, ETag and body", async () => {
    const cases: [string, RequestInit?][] = [
      ['/ok'],
      ['/created', { method: 'POST' }],
      ['/typed'],
      ['/empty'],
      ['/ok', { method: 'HEAD' }],
    ];
    for (const [path, init] of cases) {
      const expected = await answer(plain.url + path, init);
      expect(await answer(fast.url + path, init), path).toEqual(expected);
    }
    expect((await answer(`${fast.url}/ok`)).headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('still answers 304 to a request whose ETag matches, and 200 to one whose does not', async () => {
    const { headers } = await answer(`${fast.url}/ok`);
    const revalidate = (tag: string) => ({ headers: { 'if-none-match': tag, 'cache-control': 'max-age=0' } });
    const same = await answer(`${fast.url}/ok`, revalidate(headers.etag ?? ''));
    expect(same.status).toBe(304);
    expect(same.text).toBe('');
    expect(await answer(`${fast.url}/ok`, revalidate('W/"0-stale"'))).toEqual(
      await answer(`${plain.url}/ok`, revalidate('W/"0-stale"')),
    );
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

describe('lastingOk', () => {
  it('gives the same frozen envelope for the same frozen data, and a fresh one for data that may change', () => {
    expect(lastingOk(frozenList)).toBe(lastingOk(frozenList));
    expect(Object.isFrozen(lastingOk(frozenList))).toBe(true);
    const open = [{ id: 1 }];
    expect(lastingOk(open)).not.toBe(lastingOk(open));
    expect(lastingOk(open)).toEqual({ success: true, message: 'OK', data: open });
  });

  it('is serialized once by fastJson, and answered the same every time', async () => {
    const fast = await listen(app(true));
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      const first = await answer(`${fast.url}/lasting`);
      const second = await answer(`${fast.url}/lasting`);
      expect(second).toEqual(first);
      expect(JSON.parse(first.text)).toEqual({ success: true, message: 'OK', data: frozenList });
      expect(stringify.mock.calls.filter(([value]) => value === lastingOk(frozenList))).toHaveLength(1);
    } finally {
      stringify.mockRestore();
      fast.server.close();
    }
  });
});

describe('corsFor', () => {
  it('sets on every non-preflight request the headers the cors package sets', () => {
    const lists: (string[] | '*')[] = [['http://localhost:5173', 'http://127.0.0.1:5173'], '*'];
    for (const origins of lists) {
      const expected = cors({ origin: origins, exposedHeaders: EXPOSED_HEADERS, maxAge: 600 });
      const inline = corsFor(origins);
      for (const origin of [undefined, 'http://localhost:5173', 'http://127.0.0.1:5173', 'https://evil.example']) {
        const fromPackage = headersOf((req, res) => expected(req, res, () => {}), origin);
        expect(headersOf((req, res) => expect(inline(req, res)).toBe(false), origin)).toEqual(fromPackage);
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
