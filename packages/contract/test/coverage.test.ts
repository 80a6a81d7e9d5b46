import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listOperations, loadContract } from '@cohort/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverageOf, operationCoverage, statusCoverage } from '../src/coverage.ts';
import { renderText, runConformance } from '../src/index.ts';
import { cell, cli, type FixtureServer, failuresOf, startFixture } from './helpers.ts';
import { fakingProxy, startMock } from './mock.ts';

const operations = listOperations(loadContract());
const op = (id: string) => operations.find((o) => o.operationId === id) ?? (operations[0] as never);
const observed = (statuses: Record<string, number[]>, provoked: Record<string, [number, string][]> = {}) => ({
  statuses: new Map(Object.entries(statuses).map(([id, list]) => [id, new Map(list.map((s) => [s, 1]))])),
  contentTypes: new Map(),
  provoked: new Map(Object.entries(provoked).map(([id, list]) => [id, new Map(list)])),
});

describe('status coverage', () => {
  it('counts declared concrete statuses, leaving out the fault-only ones and ranges', () => {
    // register declares 201 400 409 413 422 429 5XX: 413 and 429 are optional, 5XX a range.
    const row = operationCoverage(op('register'), observed({ register: [201, 422] }));
    expect(row.statuses.map((s) => s.status)).toEqual(['201', '400', '409', '413', '422', '429']);
    expect(row).toMatchObject({ required: 4, covered: 2, exercised: true });
    const all = coverageOf([op('register'), op('getMe')], observed({ register: [201, 422], getMe: [200, 401] }));
    // getMe: 200 304 401, 304 optional.
    expect(all).toMatchObject({ required: 6, covered: 4 });
    expect(all.ratio).toBeCloseTo(4 / 6);
  });

  it('is a finding only for a status the run sent something to provoke', () => {
    const unprovoked = operationCoverage(op('register'), observed({ register: [201] }));
    expect(statusCoverage(unprovoked).severity).toBe('pass');
    const provoked = operationCoverage(
      op('register'),
      observed({ register: [201] }, { register: [[409, 'a taken e-mail']] }),
    );
    const finding = statusCoverage(provoked);
    expect(finding).toMatchObject({ severity: 'fail', code: 'status_coverage' });
    expect(finding.message).toBe('declared but never returned: 409 (sent a taken e-mail)');
    expect(statusCoverage(operationCoverage(op('getMe'), observed({}))).severity).toBe('skip');
  });
});

let mock: { url: string; stop(): void };
beforeAll(async () => {
  mock = await startMock();
});
afterAll(() => mock?.stop());

describe('status coverage against the real mock', () => {
  it('provokes 404 (unknown id), 400 (%zz) and 409 (taken e-mail), and the mock returns each', async () => {
    const ids = ['register', 'getChannel', 'deleteNote', 'acceptConnection'];
    const result = await runConformance({ baseUrl: mock.url, include: 'all', operations: ids, fuzz: 0, seed: 4 });
    for (const id of ids) expect(cell(result, id, 'status_coverage')?.status, id).toBe('pass');
    const row = (id: string) => result.coverage.operations.find((o) => o.operationId === id);
    expect(row('register')?.statuses.find((s) => s.status === '409')).toMatchObject({ provokedBy: expect.any(String) });
    expect(row('getChannel')?.statuses.find((s) => s.status === '404')?.observed).toBeGreaterThan(0);
    expect(row('deleteNote')?.statuses.find((s) => s.status === '400')?.observed).toBeGreaterThan(0);
  });

  it('fails a server that answers an unknown id with 403 and never 404', async () => {
    const proxy = await fakingProxy(mock.url, (method, url) =>
      method === 'GET' && /\/channels\/chan_ContractNoSuchRecord0$/.test(url)
        ? { status: 403, body: { success: false, message: 'Members only.' } }
        : undefined,
    );
    try {
      const result = await runConformance({
        baseUrl: proxy.url,
        include: 'all',
        operations: ['getChannel'],
        fuzz: 0,
        seed: 4,
      });
      expect(cell(result, 'getChannel', 'status_coverage')?.status).toBe('fail');
      expect(failuresOf(result, 'getChannel', 'status_coverage')[0]?.message).toMatch(
        /declared but never returned: 404 \(sent an unknown, well-formed id in the path\)/,
      );
    } finally {
      proxy.server.close();
    }
  });

  it('fails a server that answers a taken e-mail with 422 instead of the declared 409', async () => {
    const seen = new Set<string>();
    const proxy = await fakingProxy(mock.url, (method, url, body) => {
      if (method !== 'POST' || url !== '/api/v1/register') return undefined;
      const email = /"email":"([^"]+)"/.exec(body)?.[1] ?? '';
      if (!seen.has(email)) {
        seen.add(email);
        return undefined;
      }
      return { status: 422, body: { success: false, message: 'Invalid.', errors: { email: ['taken'] } } };
    });
    try {
      const result = await runConformance({ baseUrl: proxy.url, operations: ['register'], fuzz: 0, seed: 4 });
      expect(failuresOf(result, 'register', 'status_coverage')[0]?.message).toMatch(/never returned: 409/);
    } finally {
      proxy.server.close();
    }
  });
});

describe('statuses that need a state of their own', { timeout: 120_000 }, () => {
  // Each is set up on the run's own users: a conflict (twice, or after a delete) or the success of an undo.
  const PROVOKED: [string, string][] = [
    ['joinChannel', '409'],
    ['unpinMessage', '409'],
    ['deleteMessage', '409'],
    ['editMessage', '409'],
    ['restoreSavedList', '409'],
    ['deleteSavedList', '409'],
    ['storeInterest', '409'],
    ['declineCall', '200'],
    ['declineCall', '409'],
    ['acceptCall', '200'],
    ['acceptCall', '409'],
    ['hangUpCall', '200'],
    ['hangUpCall', '409'],
    ['sendCallSignal', '409'],
    ['unlikePost', '200'],
    ['deleteComment', '200'],
    ['endSession', '200'],
    ['endSession', '400'],
  ];
  const operations = ['register', 'login', 'getMe', 'storeChannel', ...new Set(PROVOKED.map(([id]) => id))];
  const check = (baseUrl: string) =>
    runConformance({ baseUrl, include: 'all', operations, fuzz: 0, seed: 6, examples: false });

  it('are provoked, and the mock returns each', async () => {
    const result = await check(mock.url);
    expect(result.failures).toEqual([]);
    const status = (id: string, code: string) =>
      result.coverage.operations.find((o) => o.operationId === id)?.statuses.find((s) => s.status === code);
    for (const [id, code] of PROVOKED) {
      expect(status(id, code), `${id} ${code}`).toMatchObject({ provokedBy: expect.any(String) });
      expect(status(id, code)?.observed, `${id} ${code}`).toBeGreaterThan(0);
    }
  });

  it('fail a server that lets a user join a group a second time', async () => {
    const joined = new Set<string>();
    const proxy = await fakingProxy(mock.url, (method, url) => {
      if (method !== 'POST' || !/\/channels\/[^/]+\/join$/.test(url)) return undefined;
      if (!joined.has(url)) {
        joined.add(url);
        return undefined;
      }
      return { status: 200, body: { success: true, message: 'Joined.', data: null } };
    });
    try {
      const result = await check(proxy.url);
      expect(failuresOf(result, 'joinChannel', 'status_coverage').map((f) => f.message)).toEqual([
        'declared but never returned: 409 (sent joining a group the user is already in)',
      ]);
    } finally {
      proxy.server.close();
    }
  });
});

describe('statuses the run cannot provoke', () => {
  it('are each listed with the reason', () => {
    const row = operationCoverage(op('connectUser'), observed({ connectUser: [201] }));
    const unseen = row.statuses.filter((s) => s.observed === 0);
    expect(unseen.length).toBeGreaterThan(0);
    for (const s of unseen) expect(s.reason, s.status).toMatch(/\w/);
    expect(unseen.find((s) => s.status === '403')?.reason).toMatch(
      /^needs a situation between two users the run does not set up; the contract: "One of the two people has blocked/,
    );
    expect(unseen.find((s) => s.status === '429')?.reason).toMatch(/only on its own users/);
    // A status the run sent something for is a finding, not a gap with a reason.
    const provoked = operationCoverage(op('register'), observed({ register: [201] }, { register: [[409, 'taken']] }));
    expect(provoked.statuses.find((s) => s.status === '409')).not.toHaveProperty('reason');
  });

  it('show in the text report beside each status never returned', async () => {
    const result = await runConformance({
      baseUrl: mock.url,
      include: 'all',
      operations: ['register', 'getMe', 'connectUser'],
      fuzz: 0,
      seed: 2,
      examples: false,
    });
    expect(renderText(result)).toMatch(/connectUser: 403 not reached \(needs a situation between two users/);
  });
});

describe('the coverage report and gate (CLI)', () => {
  let server: FixtureServer;
  const dir = mkdtempSync(join(tmpdir(), 'cohort-coverage-'));
  beforeAll(async () => {
    server = await startFixture();
  });
  afterAll(() => server?.close());

  // Three runs of the CLI, each a process of its own: more than the default on a busy machine.
  it('writes a self-contained HTML report and exits 1 below --min-coverage, 0 at or above it', {
    timeout: 180_000,
  }, async () => {
    const html = join(dir, 'report.html');
    const args = ['--base-url', server.url, '--fuzz', '0', '--skip-examples', '--operations', 'getMe,storeNote'];
    const low = await cli([...args, '--report', html, '--min-coverage', '1']);
    const text = readFileSync(html, 'utf8');
    expect(text).toMatch(/^<!doctype html>/);
    expect(text).toContain('Status coverage');
    expect(text).not.toMatch(/<script|<link|src="http/);
    expect(low.stdout).toMatch(/Status coverage: \d+ of \d+ declared statuses observed/);
    const ratio = Number(/\((\d+\.\d)%\)/.exec(low.stdout)?.[1]) / 100;
    expect(ratio).toBeLessThan(1);
    expect(low.code).toBe(1);
    expect(low.stderr).toMatch(/below --min-coverage 1/);
    const ok = await cli([...args, '--min-coverage', String(Math.floor(ratio * 100) / 100)]);
    expect(ok.code).toBe(0);
    const bad = await cli([...args, '--min-coverage', '2']);
    expect(bad.code).toBe(2);
  });
});
