import type { Server } from 'node:http';
import { loadContract, type OpenApiDocument } from '@cohort/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConformanceOptions, runConformance } from '../src/index.ts';
import type { CheckName } from '../src/types.ts';
import { cell, failuresOf } from './helpers.ts';
import { type AlterHeaders, type FakeAnswer, fakingProxy, startMock } from './mock.ts';

let mock: { url: string; stop(): void };
const servers: Server[] = [];

beforeAll(async () => {
  mock = await startMock();
});

afterAll(() => {
  for (const server of servers) server.close();
  mock?.stop();
});

const run = (baseUrl: string, operations: string[], extra: Partial<ConformanceOptions> = {}) =>
  runConformance({ baseUrl, include: 'all', operations, fuzz: 0, seed: 5, ...extra });

async function proxy(
  fake: (method: string, url: string, headers: Record<string, unknown>) => FakeAnswer | undefined,
  alter?: AlterHeaders,
): Promise<string> {
  const p = await fakingProxy(mock.url, (method, url, _body, headers) => fake(method, url, headers), alter);
  servers.push(p.server);
  return p.url;
}

function expectFailure(
  result: Awaited<ReturnType<typeof run>>,
  operationId: string,
  check: CheckName,
  message: RegExp,
): void {
  expect(cell(result, operationId, check)?.status).toBe('fail');
  expect(failuresOf(result, operationId, check).map((f) => f.message)).toEqual(
    expect.arrayContaining([expect.stringMatching(message)]),
  );
  expect(result.failed).toBeGreaterThan(0);
}

const error = (message: string) => ({ success: false, message });

describe('the real mock', () => {
  it('answers conditional GETs with a documented 304 and its ETag, and 405 with the exact Allow', async () => {
    const result = await run(mock.url, ['getMe', 'listNotes', 'storeNote', 'logout', 'logoutViaGet']);
    expect(result.failures).toEqual([]);
    // getMe's 200 declares no headers: a pass here is the 304's ETag.
    expect(cell(result, 'getMe', 'response_headers_conformance')?.status).toBe('pass');
    for (const id of ['getMe', 'listNotes', 'storeNote', 'logout', 'logoutViaGet']) {
      expect(cell(result, id, 'unsupported_method')?.status).toBe('pass');
    }
  });
});

describe('a server that breaks one header or status rule', () => {
  it('a 304 the contract does not declare is an undocumented status', async () => {
    const doc = structuredClone(loadContract()) as OpenApiDocument;
    const getMe = doc.paths['/api/v1/users/me']?.get;
    if (getMe) delete getMe.responses['304'];
    const result = await run(mock.url, ['getMe'], { contract: doc });
    expectFailure(result, 'getMe', 'status_code_conformance', /status 304 is not documented for getMe/);
  });

  it('a 304 without its ETag', async () => {
    const url = await proxy((method, path, headers) =>
      method === 'GET' && path === '/api/v1/users/me' && headers['if-none-match']
        ? { status: 304, body: '' }
        : undefined,
    );
    const result = await run(url, ['getMe']);
    expectFailure(result, 'getMe', 'response_headers_conformance', /304 without the required ETag header/);
  });

  it('a 429 without Retry-After', async () => {
    const url = await proxy((method, path) =>
      method === 'GET' && path.startsWith('/api/v1/users/search')
        ? { status: 429, body: error('Too many attempts.') }
        : undefined,
    );
    const result = await run(url, ['searchUsers']);
    expectFailure(result, 'searchUsers', 'response_headers_conformance', /429 without the required Retry-After header/);
  });

  it('a RateLimit header that is not a number', async () => {
    const url = await proxy(
      () => undefined,
      (method, path, headers) =>
        method === 'POST' && path === '/api/v1/login' ? { ...headers, 'ratelimit-remaining': 'lots' } : headers,
    );
    const result = await run(url, ['login']);
    expectFailure(result, 'login', 'response_headers_conformance', /200 header RateLimit-Remaining: .*"lots"/);
  });

  it('every undeclared method is probed: a 405 whose Allow names a method the path lacks', async () => {
    const url = await proxy((method, path) =>
      method === 'GET' && path === '/api/v1/users/me/notes/store'
        ? { status: 405, body: error('Method not allowed.'), headers: { allow: 'GET, POST' } }
        : undefined,
    );
    const result = await run(url, ['storeNote']);
    expectFailure(result, 'storeNote', 'unsupported_method', /Allow "GET, POST" names undeclared GET/);
  });

  it('every undeclared method is probed: a 404 to DELETE where a 405 is due', async () => {
    const url = await proxy((method, path) =>
      method === 'DELETE' && path === '/api/v1/users/me/notes/store'
        ? { status: 404, body: error('Not found.') }
        : undefined,
    );
    const result = await run(url, ['storeNote']);
    expectFailure(result, 'storeNote', 'unsupported_method', /DELETE \/api\/v1\/users\/me\/notes\/store .*got 404/);
  });

  it('a 405 whose Allow leaves a declared method out', async () => {
    const url = await proxy((method, path) =>
      method === 'PUT' && path === '/api/v1/logout'
        ? { status: 405, body: error('Method not allowed.'), headers: { allow: 'GET' } }
        : undefined,
    );
    const result = await run(url, ['logout']);
    expectFailure(result, 'logout', 'unsupported_method', /Allow "GET" leaves out POST/);
  });
});
