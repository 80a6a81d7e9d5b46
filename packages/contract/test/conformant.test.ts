import { describe, expect, it } from 'vitest';
import { exitCode, renderText, runConformance } from '../src/index.ts';
import { CHECK_NAMES } from '../src/types.ts';
import { cell, checkFixture, startFixture } from './helpers.ts';

describe('a conformant server', () => {
  it('passes every check it can run, and says why the others were skipped', async () => {
    const result = await checkFixture(undefined, { fuzz: 10 });
    expect(result.failures).toEqual([]);
    expect(result.errors).toEqual([]);
    expect(result.failed).toBe(0);
    expect(exitCode(result)).toBe(0);
    expect(result.operations).toHaveLength(24);
    expect(result.cells).toHaveLength(24 * CHECK_NAMES.length);
    expect(result.passed + result.failed + result.skipped).toBe(result.cells.length);
    expect(result.unimplemented).toEqual([]);
    for (const c of result.cells.filter((c) => c.status === 'skip')) expect(c.reason).toBeTruthy();
    // The scenario really exercised the flows it claims.
    expect(cell(result, 'storeNote', 'ensure_resource_availability')?.status).toBe('pass');
    expect(cell(result, 'deleteNote', 'use_after_free')?.status).toBe('pass');
    expect(cell(result, 'leaveChannel', 'use_after_free')?.status).toBe('pass');
    expect(cell(result, 'detachClub', 'ignored_auth')?.status).toBe('pass');
    expect(cell(result, 'storeNote', 'negative_data_rejection')?.runs).toBeGreaterThan(5);
    expect(cell(result, 'login', 'ignored_auth')).toMatchObject({ status: 'skip', reason: 'the operation is public' });
    expect(result.durationMs).toBeGreaterThan(0);
  });

  it('ends the text report with the summary line alone', async () => {
    const result = await checkFixture(undefined, { fuzz: 0, operations: ['getMe', 'listResources'] });
    const lines = renderText(result).trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(/^\d+ passed, 0 failed, \d+ skipped$/);
    expect(result.operations).toEqual(['getMe', 'listResources']);
  });

  it('signs in with given credentials instead of registering its main user', async () => {
    const server = await startFixture();
    try {
      const account = { email: 'team@backend.test', password: 'secret-pass', university: 'Backend U' };
      const registered = await fetch(`${server.url}/api/v1/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...account,
          university_name: account.university,
          university: undefined,
          graduation_year: 2020,
        }),
      });
      expect(registered.status).toBe(201);
      const result = await runConformance({ baseUrl: server.url, credentials: account, fuzz: 0, seed: 1 });
      expect(result.failures).toEqual([]);
      expect(cell(result, 'login', 'positive_data_acceptance')?.status).toBe('pass');
      expect(cell(result, 'storeNote', 'ensure_resource_availability')?.status).toBe('pass');
    } finally {
      await server.close();
    }
  });

  it('points out operations the server does not implement', async () => {
    // The fixture implements only core operations; getUser is proposed.
    const result = await checkFixture(undefined, { fuzz: 0, include: 'all', operations: ['getMe', 'getUser'] });
    expect(result.unimplemented).toEqual(['getUser']);
    expect(cell(result, 'getUser', 'ignored_auth')?.status).toBe('fail');
    expect(renderText(result)).toContain('Answered only 404/405, so probably not implemented (1): getUser');
  });

  it('is reproducible with a seed', async () => {
    const a = await checkFixture(undefined, { fuzz: 8, seed: 42, operations: ['storeNote'] });
    const b = await checkFixture(undefined, { fuzz: 8, seed: 42, operations: ['storeNote'] });
    expect(a.requests).toBe(b.requests);
    expect(a.cells).toEqual(b.cells);
  });
});
