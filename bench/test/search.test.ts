import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Operation } from '@cohort/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildQueries, timeSearch } from '../src/search.ts';

// A stand-in for the mock's search endpoint, so the harness is tested alone: records every query it gets.
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
    seen.push(url.searchParams);
    // Unfiltered: the first page of people; filtered: as many matches as the keyword has letters.
    const unfiltered = url.searchParams.get('q') === null;
    const total = unfiltered ? people.length : (url.searchParams.get('q') ?? '').length;
    response
      .writeHead(200, {
        'content-type': 'application/json',
        ...(serverTiming ? { 'server-timing': 'search;dur=1.5' } : {}),
      })
      .end(JSON.stringify({ success: true, data: { data: unfiltered ? people : [], total } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const people = [
  { last_name: 'Raman', graduation_year: 2025, university: 'Stanford University', industry: 'Consulting' },
  { last_name: 'Okafor', graduation_year: null, university: 'MIT', industry: 'Energy' },
  { last_name: 'Lee', graduation_year: 2019, university: 'MIT', industry: 'Energy & Utilities' },
];

const session = { token: 't0ken', userId: 'usr_x', credentials: { university: 'U', email: 'e', password: 'p' } };

function operation(parameters: string[]): Operation {
  return {
    operationId: 'searchUsers',
    method: 'get',
    path: '/api/v1/users/search',
    summary: '',
    tags: ['proposed'],
    proposed: true,
    secured: true,
    parameters: parameters.map((name) => ({ name, in: 'query' as const, schema: { type: 'array' } })),
    responses: {},
  };
}

describe('buildQueries', () => {
  it('builds one query per complete person, in the contract parameter names, so each matches someone', async () => {
    const { queries, described } = await buildQueries(
      operation(['class_of[]', 'university[]', 'industry[]', 'q']),
      baseUrl,
      session,
    );
    expect(queries.map((query) => Object.fromEntries(new URLSearchParams(query)))).toEqual([
      { 'class_of[]': '2025', 'university[]': 'Stanford University', 'industry[]': 'Consulting', q: 'Raman' },
      { 'class_of[]': '2019', 'university[]': 'MIT', 'industry[]': 'Energy & Utilities', q: 'Lee' },
    ]);
    expect(described).toContain('class_of[]=2025&university[]=Stanford University&industry[]=Consulting&q=Raman');
  });

  it('refuses a search operation without the filters it needs', async () => {
    await expect(buildQueries(operation(['class_of', 'q']), baseUrl, session)).rejects.toThrow(
      /no university, industry parameter/,
    );
  });
});

describe('timeSearch', () => {
  it('reports the server-timing figure and the total of the first query', async () => {
    serverTiming = true;
    seen.length = 0;
    const timing = await timeSearch(baseUrl, session, ['q=an', 'q=el'], { warmupQueries: 2, queries: 10 });
    expect(seen.slice(0, 4).map((params) => params.get('q'))).toEqual(['an', 'el', 'an', 'el']);
    expect(seen).toHaveLength(12);
    expect(timing).toMatchObject({ p50: 1.5, p95: 1.5, serverTimed: true, matches: { min: 2, max: 2 } });
    expect(timing.roundTripP95).toBeGreaterThan(0);
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
