import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weakEtag } from '../src/adapters/json-response.ts';
import { contract } from '../src/contract/contract.ts';
import { startServer, type TestServer, validateResponse } from './helpers.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startServer({ options: { corsOrigins: ['http://localhost:5173'] } });
  token = await server.login();
});
afterAll(() => server.close());

/** A raw request (no client), for what the typed client cannot send. */
async function raw(method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...init.headers },
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
  };
}

const json = { 'content-type': 'application/json' };

describe('errors are always the JSON envelope', () => {
  it.each([
    ['malformed JSON', 'POST', '/api/v1/users/me/notes/store', '{"title": ', 400],
    ['a JSON string body', 'POST', '/api/v1/users/me/notes/store', '"title"', 400],
    ['a JSON array body', 'POST', '/api/v1/users/me/notes/store', '[]', 422],
    ['a missing body', 'POST', '/api/v1/users/me/notes/store', undefined, 422],
  ])('%s → %i', async (_name, method, path, body, status) => {
    const res = await raw(method, path, { headers: json, ...(body !== undefined ? { body } : {}) });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.json).toMatchObject({ success: false });
    expect(validateResponse('storeNote', res.status, res.json)).toEqual([]);
  });

  it('a body over 1 MB → 413', async () => {
    const body = JSON.stringify({ title: 'x'.repeat(1_100_000), note: 'note', date: '2026-01-01' });
    const res = await raw('POST', '/api/v1/users/me/notes/store', { headers: json, body });
    expect(res.status).toBe(413);
    expect(validateResponse('storeNote', 413, res.json)).toEqual([]);
  });

  it('an unknown path → 404 JSON', async () => {
    const res = await raw('GET', '/api/v1/nothing/here');
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ success: false, message: expect.any(String) });
  });

  it('a known path with another method → 405 with Allow', async () => {
    const res = await raw('PUT', '/api/v1/users/me/notes/12');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('DELETE, GET');
    expect(res.json).toMatchObject({ success: false });
  });

  // One matcher for dispatch and 405: a concrete path wins over its templated sibling for every
  // method, so the concrete path's own methods are what `Allow` names.
  it.each([
    ['GET', '/api/v1/users/me/notes/store', 'POST'],
    ['GET', '/api/v1/users/me/clubs/store', 'POST'],
    ['GET', '/api/v1/users/me/interests/store', 'POST'],
    ['GET', '/api/v1/users/me/directions/store', 'POST'],
    ['PUT', '/api/v1/users/me/clubs/store', 'POST'],
    ['DELETE', '/api/v1/users/search', 'GET'],
    ['POST', '/api/v1/channels/chan_AAAAAAAAAAAAAAAAAAAA/stream', 'GET'],
    ['POST', '/api/v1/users/me/stream', 'GET'],
  ])('%s %s → 405 with Allow: %s (never an answer from a templated path)', async (method, path, allow) => {
    const res = await raw(method, path, method === 'GET' ? {} : { body: '{}', headers: json });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
  });

  it('a concrete path is found whatever the case and with a trailing slash, as before', async () => {
    for (const path of ['/api/v1/users/me/', '/API/v1/Users/ME']) {
      const res = await raw('GET', path);
      expect(res.status, path).toBe(200);
    }
  });

  it('a malformed percent-escape in any path parameter is the 400 every such operation declares', async () => {
    const ops = contract().operations.filter(
      (op) => op.path.includes('{') && !['logout', 'logoutViaGet'].includes(op.operationId),
    );
    expect(ops.length).toBeGreaterThan(30);
    for (const op of ops) {
      const path = op.path.replace(/\{[^}]+\}/g, '%zz');
      const method = op.method.toUpperCase();
      const res = await raw(method, path, method === 'GET' || method === 'DELETE' ? {} : { body: '{}', headers: json });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(validateResponse(op.operationId, 400, res.json), op.operationId).toEqual([]);
    }
  });

  // About a thousand requests: give it time on a busy machine.
  it('never answers 5xx or a stack trace, whatever every operation is sent', { timeout: 60_000 }, async () => {
    const junk = ['{}', '{"a":1}', 'null', '{"name": {"$gt": ""}}', '{"users": "x", "tags": null}', '\u0000'];
    // logout revokes the token the other calls use, so it goes last.
    const ops = [...contract().operations].sort(
      (a, b) => Number(a.operationId === 'logout') - Number(b.operationId === 'logout'),
    );
    for (const op of ops) {
      const paths = ['%E0%A4%A', '1', 'usr_AAAAAAAAAAAAAAAAAAAA'].map((id) => op.path.replace(/\{[^}]+\}/g, id));
      for (const [path, body] of paths.flatMap((p) => junk.map((b) => [p, b] as const))) {
        const init = { headers: json, ...(op.method === 'get' ? {} : { body }) };
        const res = await raw(op.method.toUpperCase(), `${path}?page=-1&limit=abc&resource[]=x&before=`, init);
        expect(res.status, `${op.operationId} ${body}`).toBeLessThan(500);
        expect(res.text).not.toMatch(/at .+\.ts:\d+|<html|<pre>/i);
        if (res.status < 400) expect(validateResponse(op.operationId, res.status, res.json)).toEqual([]);
        else
          expect(res.json, `${op.operationId} ${body}`).toMatchObject({ success: false, message: expect.any(String) });
      }
    }
  });
});

// The operations are dispatched from one table, not Express routes: these pin Express's matching.
describe('routing matches as Express does', () => {
  // The 5xx sweep above ends with logout.
  beforeAll(async () => {
    token = await server.login();
  });

  it('ignores case and one trailing slash', async () => {
    for (const path of ['/API/V1/USERS/ME', '/api/v1/users/me/']) {
      expect((await raw('GET', path)).status, path).toBe(200);
    }
    // The contract writes this one with a trailing slash; without it, it is still listResources.
    expect((await raw('GET', '/api/v1/general/get-all-resource')).status).toBe(422);
    expect((await raw('GET', '/api/v1/users/me//')).status).toBe(404);
  });

  it('answers HEAD with the GET operation, without a body', async () => {
    const res = await raw('HEAD', '/api/v1/users/me');
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
  });

  it('decodes path parameters and rejects a malformed escape with 400, whatever the method', async () => {
    expect((await raw('GET', '/api/v1/users/%75sr_nobody')).json).toMatchObject({ success: false });
    expect((await raw('GET', '/api/v1/users/%ZZ')).status).toBe(400);
    expect((await raw('PUT', '/api/v1/users/me/notes/%E0%A4%A')).status).toBe(400);
  });

  it('prefers /users/me over /users/{id}', async () => {
    const res = await raw('GET', '/api/v1/users/me');
    expect(res.json).toMatchObject({ success: true, data: { email: 'demo@cohort.test' } });
  });
});

describe('ETags', () => {
  it("are Express's default weak ETags", () => {
    const expressEtag = express().get('etag fn') as (body: Buffer | string, encoding?: BufferEncoding) => string;
    for (const body of ['', 'a', '{"success":true,"data":[]}', 'ünïcödé 🎓', Buffer.from([0, 1, 2, 255])]) {
      expect(weakEtag(body, 'utf8')).toBe(expressEtag(body, 'utf8'));
    }
  });

  it('answer 304 to a read whose ETag still matches, and 200 once the data changed', async () => {
    const me = await raw('GET', '/api/v1/users/me');
    const path = `/api/v1/users/me/notes/${(me.json?.data as { id?: string } | undefined)?.id ?? ''}`;
    const first = await raw('GET', path);
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    // A browser revalidating its cached copy; fetch() itself would add `cache-control: no-cache`
    // to a hand-set If-None-Match (the Fetch standard), which rightly forbids a 304.
    const revalidate = { 'if-none-match': tag ?? '', 'cache-control': 'max-age=0' };
    const again = await raw('GET', path, { headers: revalidate });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const stored = await raw('POST', '/api/v1/users/me/notes/store', {
      headers: json,
      body: JSON.stringify({ title: 'Etag check', note: 'Changes the list', date: '2026-11-22' }),
    });
    expect(stored.status).toBe(201);
    const changed = await raw('GET', path, { headers: revalidate });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
  });
});

describe('CORS', () => {
  it('allows the web origin and exposes Retry-After', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/users/me`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const get = await fetch(`${server.baseUrl}/api/v1/general/get-all-resource/?resource=Club`, {
      headers: { origin: 'http://localhost:5173' },
    });
    expect(get.headers.get('access-control-expose-headers')).toContain('Retry-After');
  });

  it('does not allow other origins', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/general/get-all-resource/?resource=Club`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('docs', () => {
  it('serves Swagger UI from local files and the contract as JSON and YAML', async () => {
    const page = await fetch(`${server.baseUrl}/docs/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\//);
    for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'docs-init.js']) {
      expect((await fetch(`${server.baseUrl}/docs/${asset}`)).status, asset).toBe(200);
    }
    const doc = (await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as { openapi: string; paths: object };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/v1/login');
    expect(await (await fetch(`${server.baseUrl}/openapi.yaml`)).text()).toMatch(/^openapi: 3\.1\.0/);
    const redirect = await fetch(`${server.baseUrl}/docs`, { redirect: 'manual' });
    expect(redirect.headers.get('location')).toBe('/docs/');
  });
});
