import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareTraces, traceStep } from '../src/compare.ts';
import { cli, type FixtureServer, startFixture } from './helpers.ts';

describe('compareTraces', () => {
  it('reports another status, other error fields and another total for the same step, nothing else', () => {
    const first = [
      traceStep('negative deleteNote #1', 'deleteNote', 403, { success: false }),
      traceStep('negative storeNote #1', 'storeNote', 422, { errors: { title: ['x'] } }),
      traceStep('scenario listNotes #1', 'listNotes', 200, { data: [1, 2] }),
      traceStep('scenario getMe #1', 'getMe', 200, { data: { id: 'usr_a' } }),
    ];
    const second = [
      traceStep('negative deleteNote #1', 'deleteNote', 404, { success: false }),
      traceStep('negative storeNote #1', 'storeNote', 422, { errors: { name: ['x'] } }),
      traceStep('scenario listNotes #1', 'listNotes', 200, { data: [1] }),
      traceStep('scenario getMe #1', 'getMe', 200, { data: { id: 'usr_b' } }),
    ];
    expect(compareTraces(first, second)).toEqual([
      { step: 'negative deleteNote #1', operationId: 'deleteNote', what: 'status', first: 403, second: 404 },
      {
        step: 'negative storeNote #1',
        operationId: 'storeNote',
        what: 'error fields',
        first: ['title'],
        second: ['name'],
      },
      { step: 'scenario listNotes #1', operationId: 'listNotes', what: 'total', first: 2, second: 1 },
    ]);
  });
});

/** A proxy to `upstream` that answers 404 wherever it answered 403 (a backend that hides instead of refusing). */
async function hidingProxy(upstream: string): Promise<Server> {
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    const forward = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (reply) => {
        res.writeHead(reply.statusCode === 403 ? 404 : (reply.statusCode ?? 502), reply.headers);
        reply.pipe(res);
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe('--compare-with', () => {
  let a: FixtureServer;
  let b: FixtureServer;
  let proxy: Server;
  beforeAll(async () => {
    [a, b] = await Promise.all([startFixture(), startFixture()]);
    proxy = await hidingProxy(b.url);
  });
  afterAll(async () => {
    proxy?.close();
    await Promise.all([a?.close(), b?.close()]);
  });
  const args = [
    '--fuzz',
    '0',
    '--skip-examples',
    '--seed',
    '3',
    '--operations',
    'storeNote,deleteNote,detachClub,listNotes',
  ];

  it('finds no difference between two servers that behave alike', async () => {
    const run = await cli(['--base-url', a.url, '--compare-with', b.url, ...args]);
    expect(run.stdout).toMatch(/Compared with http:\/\/127\.0\.0\.1:\d+ .*: 0\n/);
    expect(run.code).toBe(0);
  });

  it("names each step a second server answers differently (404 for another user's item instead of 403), exit 1", async () => {
    const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const run = await cli(['--base-url', a.url, '--compare-with', url, ...args]);
    expect(run.stdout).toMatch(/deleteNote \[negative deleteNote #\d+\] status: 403 vs 404/);
    expect(run.code).toBe(1);
  });
});
