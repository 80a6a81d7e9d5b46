import { loadContract, type OpenApiDocument } from '@cohort/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../src/index.ts';
import { cell, failuresOf } from './helpers.ts';
import { startMock } from './mock.ts';

const OPERATIONS = ['register', 'login', 'getMe', 'changePassword', 'deleteAccount'];
const run = (baseUrl: string, contract?: OpenApiDocument) =>
  runConformance({
    baseUrl,
    include: 'all',
    operations: OPERATIONS,
    fuzz: 0,
    seed: 8,
    examples: false,
    ...(contract ? { contract } : {}),
  });

/** The contract with one request body example replaced. */
function withExample(path: string, method: 'post' | 'put', example: unknown, doc = loadContract()): OpenApiDocument {
  const copy = structuredClone(doc) as OpenApiDocument;
  const body = (
    copy.paths[path] as Record<string, { requestBody?: { content: Record<string, { example?: unknown }> } }>
  )[method]?.requestBody;
  const json = body?.content['application/json'];
  if (!json) throw new Error(`no JSON body at ${method} ${path}`);
  json.example = example;
  return copy;
}

let mock: { url: string; stop(): void };
beforeAll(async () => {
  mock = await startMock();
});
afterAll(() => mock?.stop());

describe('credentials in the contract examples (example_credentials)', { timeout: 120_000 }, () => {
  it("pass when no example's password or token works on a freshly seeded mock", async () => {
    const result = await run(mock.url);
    expect(failuresOf(result, 'login', 'example_credentials')).toEqual([]);
    for (const id of ['login', 'changePassword', 'deleteAccount']) {
      expect(cell(result, id, 'example_credentials')?.status, id).toBe('pass');
    }
  });

  it("fail a deleteAccount example holding the demo account's password, naming the account it opens", async () => {
    // As the contract once had it: the sign-in example names the seeded demo account, deletion its password.
    const signIn = { uniName: 'Stanford University', email: 'demo@cohort.test', password: 'cohort-demo' };
    const doc = withExample(
      '/api/v1/users/me/delete',
      'post',
      { password: 'cohort-demo' },
      withExample('/api/v1/login', 'post', signIn),
    );
    const result = await run(mock.url, doc);
    const [found] = failuresOf(result, 'deleteAccount', 'example_credentials');
    expect(found?.message).toBe(
      'the request body example carries a working credential: a password that signs in as demo@cohort.test',
    );
    expect(found?.curl).toMatch(/demo@cohort\.test/);
    expect(cell(result, 'login', 'example_credentials')?.status).toBe('fail');
  });

  it('fail an example holding a token the server accepts', async () => {
    const registered = await fetch(`${mock.url}/api/v1/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        university_name: 'Stanford University',
        email: `token-example-${Date.now()}@cohort.test`,
        password: 'a-live-password-1',
        graduation_year: 2026,
      }),
    });
    const token = ((await registered.json()) as { data: { access_token: string } }).data.access_token;
    const doc = withExample('/api/v1/password/reset', 'post', {
      token,
      password: 'new-secret',
      password_confirmation: 'new-secret',
    });
    const result = await runConformance({
      baseUrl: mock.url,
      include: 'all',
      operations: ['register', 'login', 'getMe', 'resetPassword'],
      fuzz: 0,
      seed: 8,
      examples: false,
      contract: doc,
    });
    expect(failuresOf(result, 'resetPassword', 'example_credentials').map((f) => f.message)).toEqual([
      'the request body example carries a working credential: a token the server accepts',
    ]);
  });
});
