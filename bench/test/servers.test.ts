import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CannedResponse } from '../src/bare-server.ts';
import { type LoadResult, loadProblem, measureLoad } from '../src/load.ts';
import { runCommand, startServer, stopAll } from '../src/processes.ts';
import { startReferenceServer } from '../src/subjects.ts';

afterAll(stopAll);

const canned: CannedResponse[] = [
  {
    method: 'GET',
    path: '/api/v1/users/me/notes/usr_x',
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-powered-by': 'Express' },
    body: '{"success":true,"message":"OK","data":[]}',
  },
];

describe.each(['node', 'express'] as const)('the %s reference server', (mode) => {
  it('replays the canned response with its headers, 404s anything else, and stops on request', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'bench-test-')), 'canned.json');
    await writeFile(file, JSON.stringify(canned));
    const server = await startReferenceServer(mode, file);
    const hit = await fetch(`${server.url}/api/v1/users/me/notes/usr_x`);
    expect(hit.status).toBe(200);
    expect(hit.headers.get('x-powered-by')).toBe('Express');
    expect(await hit.text()).toBe(canned[0]?.body);
    expect((await fetch(`${server.url}/elsewhere`)).status).toBe(404);

    const load = await measureLoad({
      url: `${server.url}/api/v1/users/me/notes/usr_x`,
      method: 'GET',
      headers: {},
      connections: 2,
      warmupSeconds: 0,
      seconds: 1,
    });
    expect(load.total).toBeGreaterThan(0);
    expect(loadProblem(load)).toBeNull();

    await server.stop();
    await expect(fetch(server.url)).rejects.toThrow();
  }, 30_000);
});

describe('the express-contract reference server', () => {
  it('loads the contract, routes its operations (501) and 404s anything else', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'bench-test-')), 'none.json');
    await writeFile(file, '[]');
    const server = await startReferenceServer('express-contract', file);
    expect(server.pid).toBeGreaterThan(0);
    const hit = await fetch(`${server.url}/api/v1/users/me/notes/usr_x`);
    expect(hit.status).toBe(501);
    expect((await fetch(`${server.url}/elsewhere`)).status).toBe(404);
    await server.stop();
  }, 30_000);
});

describe('startServer', () => {
  it('reports a server that exits before it is ready, with its output', async () => {
    await expect(
      startServer({
        name: 'broken',
        command: process.execPath,
        args: ['-e', 'console.error("cannot bind"); process.exit(3)'],
        ready: /listening on (\S+)/,
      }),
    ).rejects.toThrow(/broken exited \(3\) before it was ready:\s+cannot bind/);
  });
});

describe('runCommand', () => {
  it('resolves with the wall time of a command that succeeds', async () => {
    await expect(
      runCommand('sleeper', process.execPath, ['-e', 'setTimeout(() => {}, 200)']),
    ).resolves.toBeGreaterThanOrEqual(150);
  });
  it('rejects with the tail of the output of a command that fails', async () => {
    await expect(
      runCommand('build', process.execPath, ['-e', 'console.error("TS2304 nope"); process.exit(2)']),
    ).rejects.toThrow(/build failed \(exit 2\): TS2304 nope/);
  });
});

describe('loadProblem', () => {
  const base: LoadResult = {
    requestsPerSecond: 1,
    p50: 1,
    p99: 1,
    total: 10,
    non2xx: 0,
    errors: 0,
    statusCodes: { 200: 10 },
  };
  it.each<[string, LoadResult, string | null]>([
    ['all 2xx', base, null],
    ['nothing answered', { ...base, total: 0 }, 'no responses at all'],
    [
      '401s and timeouts',
      { ...base, non2xx: 4, errors: 2, statusCodes: { 200: 6, 401: 4 } },
      '4 non-2xx responses (4× 401); 2 connection errors/timeouts',
    ],
  ])('%s', (_name, given, want) => {
    expect(loadProblem(given)).toBe(want);
  });
});
