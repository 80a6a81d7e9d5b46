import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Operation } from '@cohort/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildQueries, timeSearch } from '../src/search.ts';

// A stand-in for the mock's search endpoint (issue #6 has not landed): records every query it gets.
const seen: URLSearchParams[] = [];
let server: Server;
let baseUrl = '';
let serverTiming = true;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (request.headers.authorization !== 'Bearer t0ken') {
      response.writeHead(401).end('{}');
      return;
    }
    if (url.pathname.startsWith('/api/v1/general/get-all-resource')) {
      const name = url.searchParams.get('resource');
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          data: {
            data: [1, 2, 3].map((id) => ({ id, name: `${name} ${id}` })),
            current_page: 1,
            per_page: 50,
            total: 3,
            last_page: 1,
          },
        }),
      );
      return;
    }
    seen.push(url.searchParams);
    response
      .writeHead(200, {
        'content-type': 'application/json',
        ...(serverTiming ? { 'server-timing': 'search;dur=1.5' } : {}),
      })
      .end(JSON.stringify({ success: true, data: { data: [], total: 42 } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const session = { token: 't0ken', userId: 'usr_x', credentials: { university: 'U', email: 'e', password: 'p' } };

function operation(types: { university: string; industry: string }): Operation {
  const query = (name: string, itemType: string) => ({
    name,
    in: 'query' as const,
    schema: { type: 'array', items: { type: itemType } },
  });
  return {
    operationId: 'searchUsers',
    method: 'get',
    path: '/api/v1/users/search',
    summary: '',
    tags: ['proposed'],
    proposed: true,
    secured: true,
    parameters: [
      query('class_of[]', 'integer'),
      query('university[]', types.university),
      query('industry[]', types.industry),
      { name: 'q', in: 'query', schema: { type: 'string' } },
    ],
    responses: {},
  };
}

describe('buildQueries', () => {
  it('uses the contract parameter names, ids for integer filters and names for string ones', async () => {
    const { queries, described } = await buildQueries(
      operation({ university: 'integer', industry: 'string' }),
      baseUrl,
      session,
    );
    const first = new URLSearchParams(queries[0]);
    expect(first.get('class_of[]')).toBe(String(new Date().getFullYear() - 3));
    expect(first.get('university[]')).toBe('2');
    expect(first.get('industry[]')).toBe('Industry 2');
    expect(first.get('q')).toBe('an');
    expect(new Set(queries.map((query) => new URLSearchParams(query).get('q'))).size).toBe(queries.length);
    expect(described).toContain('university[]=University 2');
  });
});

describe('timeSearch', () => {
  it('reports the server-timing figure and the total of the first query', async () => {
    serverTiming = true;
    seen.length = 0;
    const timing = await timeSearch(baseUrl, session, ['q=an', 'q=el'], { warmupQueries: 2, queries: 10 });
    expect(seen).toHaveLength(12);
    expect(timing).toEqual({ p50: 1.5, p95: 1.5, serverTimed: true, totalResults: 42 });
  });

  it('falls back to the round trip without a Server-Timing header', async () => {
    serverTiming = false;
    const timing = await timeSearch(baseUrl, session, ['q=an'], { warmupQueries: 0, queries: 5 });
    expect(timing.serverTimed).toBe(false);
    expect(timing.p95).toBeGreaterThan(0);
  });

  it('fails loudly when the endpoint refuses the query', async () => {
    await expect(
      timeSearch(baseUrl, { ...session, token: 'wrong' }, ['q=an'], { warmupQueries: 0, queries: 1 }),
    ).rejects.toThrow(/search answered 401/);
  });
});
