import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../src/index.ts';
import { cell, failuresOf } from './helpers.ts';
import { fakingProxy, startMock } from './mock.ts';

const OPERATIONS = ['register', 'login', 'getMe', 'getUser', 'changePassword', 'deleteAccount'];
const run = (baseUrl: string) =>
  runConformance({ baseUrl, include: 'all', operations: OPERATIONS, fuzz: 0, seed: 5, examples: false });

/** What a backend answers when it says it did something it did not. */
const done = { status: 200, body: { success: true, message: 'Done.', data: null } };

let mock: { url: string; stop(): void };
beforeAll(async () => {
  mock = await startMock();
});
afterAll(() => mock?.stop());

describe("a password change and an account deletion on the run's own users", { timeout: 120_000 }, () => {
  it('both succeed against the mock, and what they end is refused afterwards', async () => {
    const result = await run(mock.url);
    expect(result.failures).toEqual([]);
    for (const [operationId, check] of [
      ['changePassword', 'ignored_auth'],
      ['changePassword', 'positive_data_acceptance'],
      ['deleteAccount', 'use_after_free'],
      ['deleteAccount', 'positive_data_acceptance'],
    ] as const) {
      expect(cell(result, operationId, check)?.status, `${operationId} ${check}`).toBe('pass');
    }
    const observed = (id: string, status: string) =>
      result.coverage.operations.find((o) => o.operationId === id)?.statuses.find((s) => s.status === status)?.observed;
    expect(observed('deleteAccount', '200')).toBe(1);
    expect(observed('changePassword', '200')).toBeGreaterThan(0);
    // Wrong passwords on the run's own second user reach the limits the contract declares.
    expect(observed('login', '401')).toBeGreaterThan(0);
    for (const id of ['login', 'changePassword', 'deleteAccount']) expect(observed(id, '429'), id).toBe(1);
  });

  it('catches a server whose deleteAccount answers 200 but deletes nothing', async () => {
    const proxy = await fakingProxy(mock.url, (method, url) =>
      method === 'POST' && url === '/api/v1/users/me/delete' ? done : undefined,
    );
    try {
      const result = await run(proxy.url);
      expect(cell(result, 'deleteAccount', 'use_after_free')?.status).toBe('fail');
      const found = failuresOf(result, 'deleteAccount', 'use_after_free');
      expect(found.map((f) => f.message)).toEqual([
        "the deleted account's token, reading getMe still succeeds (200)",
        'signing in to the deleted account still succeeds (200)',
        "another user reading the deleted account's profile still succeeds (200)",
      ]);
      expect(found[0]?.curl).toMatch(/^curl -i -X GET '.*\/users\/me'/);
    } finally {
      proxy.server.close();
    }
  });

  it('catches a server whose changePassword answers 200 and keeps the old password working', async () => {
    const proxy = await fakingProxy(mock.url, (method, url) =>
      method === 'PUT' && url === '/api/v1/users/me/password' ? done : undefined,
    );
    try {
      const result = await run(proxy.url);
      // (This server also answers without a token: the faked answer skips every check.)
      expect(failuresOf(result, 'changePassword', 'ignored_auth').map((f) => f.message)).toEqual(
        expect.arrayContaining([
          'signing in with the password changePassword replaced still succeeds (200)',
          'another session of the user, after changePassword still succeeds (200)',
        ]),
      );
      // And the new password does not sign in.
      expect(failuresOf(result, 'changePassword', 'positive_data_acceptance').map((f) => f.message)).toEqual([
        expect.stringMatching(/^signing in with the password changePassword set was answered 401/),
      ]);
    } finally {
      proxy.server.close();
    }
  });
});
