import { describe, expect, it } from 'vitest';
import { exitCode, renderText, runConformance } from '../src/index.ts';
import type { CheckName } from '../src/types.ts';
import { cell, checkFixture, type Defect, failuresOf, startFixture } from './helpers.ts';

/** One deliberately broken server per row: the defect must be caught, on the right operation, named. */
const CASES: [Defect, { operationId: string; check: CheckName; message: RegExp; schemaPath?: RegExp }][] = [
  [
    'wrong-type',
    { operationId: 'listNotes', check: 'response_schema_conformance', message: /\/data\/0\/id must be integer/ },
  ],
  [
    'missing-field',
    { operationId: 'getMe', check: 'response_schema_conformance', message: /\/data\/email: required field is missing/ },
  ],
  [
    'undocumented-status',
    { operationId: 'storeNote', check: 'status_code_conformance', message: /status 200 is not documented/ },
  ],
  ['server-error-on-bad-input', { operationId: 'storeClub', check: 'not_a_server_error', message: /server error 500/ }],
  [
    'missing-auth',
    { operationId: 'listExperiences', check: 'ignored_auth', message: /no token: expected 401, got 200/ },
  ],
  [
    'delete-does-not-delete',
    { operationId: 'deleteNote', check: 'use_after_free', message: /still in listNotes after deleteNote/ },
  ],
  [
    'wrong-id-prefix',
    { operationId: 'getMe', check: 'response_schema_conformance', message: /does not carry the prefix usr_/ },
  ],
  [
    'html-error-page',
    { operationId: 'getMe', check: 'content_type_conformance', message: /text\/html for status 401/ },
  ],
  [
    'cross-user-delete',
    {
      operationId: 'detachInterest',
      check: 'ignored_auth',
      message: /another user's interest: expected 403 or 404, got 200/,
    },
  ],
];

describe('deliberately broken servers', () => {
  it.each(CASES)('%s is caught and named', async (defect, want) => {
    const result = await checkFixture(defect);
    expect(cell(result, want.operationId, want.check)?.status).toBe('fail');
    const found = failuresOf(result, want.operationId, want.check);
    expect(found.map((f) => f.message)).toEqual(expect.arrayContaining([expect.stringMatching(want.message)]));
    const failure = found.find((f) => want.message.test(f.message));
    // Every failure carries the request that showed it and a curl command to repeat it.
    expect(failure?.request?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\//);
    expect(failure?.curl).toMatch(/^curl -i -X [A-Z]+ 'http/);
    expect(failure?.response?.status).toBeTypeOf('number');
    expect(result.failed).toBeGreaterThan(0);
  });

  it('finds with the fuzzer what no fixed input shows: a 500 on a quote in a note', async () => {
    const result = await checkFixture('crash-on-quote', { fuzz: 50, seed: 3, operations: ['storeNote'] });
    const [failure] = failuresOf(result, 'storeNote', 'not_a_server_error');
    expect(failure).toMatchObject({ phase: 'fuzz', message: 'server error 500' });
    expect(JSON.stringify(failure?.request?.body)).toMatch(/\\"|'/);
    // Without fuzzing the same server looks conformant: this defect is the fuzzer's to find.
    const quiet = await checkFixture('crash-on-quote', { fuzz: 0, operations: ['storeNote'] });
    expect(quiet.failed).toBe(0);
  });

  it('reports the wrong type with its pointer, the expected and the actual value', async () => {
    const result = await checkFixture('wrong-type');
    const [failure] = failuresOf(result, 'listNotes', 'response_schema_conformance');
    expect(failure?.schemaPath).toBe('200 /data/*/id type');
    expect(failure?.expected).toMatch(/must be integer/);
    expect(failure?.actual).toBeTypeOf('string');
    // One defect, one failing cell: the broken list does not cascade into other checks.
    expect(result.failed).toBe(1);
  });

  it('names the missing required field with a 500 on bad input', async () => {
    const result = await checkFixture('server-error-on-bad-input');
    const rejected = failuresOf(result, 'storeClub', 'negative_data_rejection').map((f) => f.message);
    expect(rejected).toEqual(
      expect.arrayContaining([expect.stringMatching(/required field position missing was answered 500/)]),
    );
  });

  it('gives a request that still reproduces the failure after the run', async () => {
    const server = await startFixture('undocumented-status');
    try {
      const result = await runConformance({ baseUrl: server.url, fuzz: 0, seed: 1, operations: ['storeNote'] });
      const [failure] = failuresOf(result, 'storeNote', 'status_code_conformance');
      const request = failure?.request;
      expect(request).toBeDefined();
      if (!request) return;
      // The logout check uses a session of its own, so the token in the curl command is still valid.
      const again = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: JSON.stringify(request.body),
      });
      expect(again.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('reports a revoked token that still works', async () => {
    const result = await checkFixture('missing-auth');
    const messages = failuresOf(result, 'listExperiences', 'ignored_auth').map((f) => f.message);
    expect(messages).toEqual(
      expect.arrayContaining([expect.stringMatching(/garbage token/), expect.stringMatching(/revoked by logout/)]),
    );
  });
});

describe('valid requests that are refused', () => {
  it('fails a run whose own reads (me, friends, a list) are answered 401 with a valid token', async () => {
    const result = await checkFixture('reads-401');
    for (const operationId of ['getMe', 'listFriends', 'listExperiences']) {
      expect(cell(result, operationId, 'positive_data_acceptance')?.status, operationId).toBe('fail');
      expect(failuresOf(result, operationId, 'positive_data_acceptance')[0]?.message).toMatch(/was answered 401/);
    }
    expect(exitCode(result)).toBe(1);
  });
});

describe('a run that cannot sign in', () => {
  it('stops with a sign-in error (exit 2) instead of a failure per operation', async () => {
    const server = await startFixture();
    try {
      const registered = await fetch(`${server.url}/api/v1/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          university_name: 'Stanford University',
          email: 'someone@cohort.test',
          password: 'rightpass',
          graduation_year: 2027,
        }),
      });
      expect(registered.status).toBe(201);
      const result = await runConformance({
        baseUrl: server.url,
        fuzz: 0,
        seed: 7,
        credentials: { email: 'someone@cohort.test', password: 'wrongpass', university: 'Stanford University' },
      });
      expect(exitCode(result)).toBe(2);
      expect(result.errors.map((e) => e.message)).toEqual([
        'could not sign in as someone@cohort.test: login answered 401 (These credentials do not match our records.)',
      ]);
      expect(result.failures.filter((f) => f.code === 'negative_data_rejection')).toEqual([]);
      expect(result.failed).toBe(0);
      // The report leads with the reason, not with a table of cells that never ran.
      expect(renderText(result).split('\n')[2]).toMatch(
        /^error: could not sign in as someone@cohort\.test: login answered 401/,
      );
    } finally {
      await server.close();
    }
  });
});

describe('unknown keys every object inherits', () => {
  it('catches a server that crashes on a constructor key in a body', async () => {
    const result = await checkFixture('crash-on-constructor-key');
    const rejected = failuresOf(result, 'storeNote', 'negative_data_rejection').map((f) => f.message);
    expect(rejected).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^an unknown field constructor \(the body is closed\) was answered 500/),
      ]),
    );
    const [crash] = failuresOf(result, 'storeNote', 'not_a_server_error');
    expect(crash?.request?.body).toHaveProperty('constructor', 1);
    expect(crash?.curl).toContain('"constructor":1');
    // The other inherited names reach the server as keys of their own, and this server names them in a 422.
    const others = result.failures.filter((f) => /unknown field (__proto__|toString)/.test(f.message));
    expect(others.map((f) => `${f.operationId}: ${f.message}`)).toEqual([]);
    expect(cell(result, 'storeNote', 'negative_data_rejection')?.runs).toBeGreaterThan(3);
  });
});
