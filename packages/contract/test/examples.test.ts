import type { Server } from 'node:http';
import { listOperations, loadContract, type OpenApiDocument, type Operation } from '@cohort/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../src/index.ts';
import { uniqueEmails } from '../src/phases/examples.ts';
import { cell, failuresOf } from './helpers.ts';
import { fakingProxy, startMock } from './mock.ts';

let mock: { url: string; stop(): void };
const servers: Server[] = [];

beforeAll(async () => {
  // Each run registers three users; this file makes more runs than the default 20 registrations allow.
  mock = await startMock(['--users', '60', '--register-limit', '1000']);
});

afterAll(() => {
  for (const server of servers) server.close();
  mock?.stop();
});

const OPERATIONS = ['storeChannel', 'createSavedList', 'createEvent', 'sendMessage', 'getChannelMessages'];
const run = (baseUrl: string, contract?: OpenApiDocument) =>
  runConformance({
    baseUrl,
    include: 'all',
    operations: OPERATIONS,
    fuzz: 0,
    seed: 9,
    ...(contract ? { contract } : {}),
  });

describe('the examples phase', () => {
  it('sends every request example to the seeded mock, and each succeeds', async () => {
    const result = await run(mock.url);
    for (const id of OPERATIONS) expect(cell(result, id, 'example_acceptance')?.status).toBe('pass');
    expect(result.failures).toEqual([]);
  });

  it('fails an example that names a user the server does not have, naming the operation and the example', async () => {
    const doc = structuredClone(loadContract()) as OpenApiDocument;
    const media = doc.paths['/api/v1/users/me/saved-lists']?.post?.requestBody;
    const json = media && 'content' in media ? media.content['application/json'] : undefined;
    if (json) json.example = { name: 'Ghosts', user_ids: ['usr_NoSuchUser000000000'] };
    const result = await run(mock.url, doc);
    expect(cell(result, 'createSavedList', 'example_acceptance')?.status).toBe('fail');
    const [failure] = failuresOf(result, 'createSavedList', 'example_acceptance');
    expect(failure?.message).toMatch(/the contract's request body example was answered 422 \(errors: user_ids\.0\)/);
    expect(failure?.curl).toMatch(/usr_NoSuchUser000000000/);
    expect(result.failed).toBeGreaterThan(0);
  });

  it('fails a server that refuses a valid example', async () => {
    const proxy = await fakingProxy(mock.url, (method, url, body) =>
      method === 'POST' && url === '/api/v1/users/me/events' && body.includes('"Demo night"')
        ? {
            status: 422,
            body: { success: false, message: 'The given data was invalid.', errors: { title: ['taken'] } },
          }
        : undefined,
    );
    servers.push(proxy.server);
    const result = await run(proxy.url);
    expect(cell(result, 'createEvent', 'example_acceptance')?.status).toBe('fail');
    expect(failuresOf(result, 'createEvent', 'example_acceptance')[0]?.message).toMatch(
      /answered 422 \(errors: title\)/,
    );
  });
});

describe('running the examples twice against one server', () => {
  it('register passes the second time too: its example e-mail is made unique per run', async () => {
    const twice = () =>
      runConformance({ baseUrl: mock.url, include: 'all', operations: ['register'], fuzz: 0, seed: 9 });
    await twice();
    const second = await twice();
    expect(cell(second, 'register', 'example_acceptance')?.status).toBe('pass');
    expect(failuresOf(second, 'register', 'example_acceptance')).toEqual([]);
  });

  it("signs in with login's example, the account register's example creates (under the run's own address)", async () => {
    for (const operations of [['login'], ['register', 'login']]) {
      const result = await runConformance({ baseUrl: mock.url, include: 'all', operations, fuzz: 0, seed: 9 });
      expect(cell(result, 'login', 'example_acceptance')?.status, operations.join()).toBe('pass');
      expect(failuresOf(result, 'login', 'example_acceptance')).toEqual([]);
    }
  });

  it('gives an e-mail the run tag in another operation only where a creating example names it', () => {
    const op = (id: string) => listOperations(loadContract()).find((o) => o.operationId === id);
    const created = new Set(['ada@uni.test']);
    expect(uniqueEmails(op('login') as Operation, { email: 'ada@uni.test' }, 'ab12', created)).toEqual({
      email: 'ada+runab12@uni.test',
    });
    expect(uniqueEmails(op('login') as Operation, { email: 'bob@uni.test' }, 'ab12', created)).toEqual({
      email: 'bob@uni.test',
    });
  });

  it('leaves e-mails alone where the operation creates nothing unique (login, password reset)', () => {
    const op = (id: string) => listOperations(loadContract()).find((o) => o.operationId === id);
    const body = { email: 'demo@cohort.test', password: 'x' };
    expect(uniqueEmails(op('login') as Operation, body, 'ab12')).toEqual(body);
    expect(uniqueEmails(op('register') as Operation, body, 'ab12')).toEqual({
      ...body,
      email: 'demo+runab12@cohort.test',
    });
  });
});

describe('fields the client gets outside the API', () => {
  it('skips, with the reason, an example refused only on an x-out-of-band field (the mailed reset token), and fails it without the mark', async () => {
    const reset = () =>
      runConformance({ baseUrl: mock.url, include: 'all', operations: ['resetPassword'], fuzz: 0, seed: 9 });
    const marked = await reset();
    expect(cell(marked, 'resetPassword', 'example_acceptance')).toMatchObject({
      status: 'skip',
      reason: expect.stringContaining('x-out-of-band'),
    });
    const doc = structuredClone(loadContract()) as OpenApiDocument;
    const token = (doc.components.schemas.PasswordReset as { properties: Record<string, Record<string, unknown>> })
      .properties.token;
    if (token) delete token['x-out-of-band'];
    const unmarked = await runConformance({
      baseUrl: mock.url,
      include: 'all',
      operations: ['resetPassword'],
      fuzz: 0,
      seed: 9,
      contract: doc,
    });
    expect(cell(unmarked, 'resetPassword', 'example_acceptance')?.status).toBe('fail');
  });

  it('does not count a refusal of the current password (x-out-of-band) against the server in any phase, and does without the mark', async () => {
    const change = (contract?: OpenApiDocument) =>
      runConformance({
        baseUrl: mock.url,
        include: 'all',
        operations: ['changePassword'],
        fuzz: 3,
        seed: 9,
        ...(contract ? { contract } : {}),
      });
    const marked = await change();
    expect(marked.failures).toEqual([]);
    expect(cell(marked, 'changePassword', 'negative_data_rejection')?.status).toBe('pass');
    const doc = structuredClone(loadContract()) as OpenApiDocument;
    const current = (doc.components.schemas.PasswordChange as { properties: Record<string, Record<string, unknown>> })
      .properties.current_password;
    if (current) delete current['x-out-of-band'];
    const unmarked = await change(doc);
    expect(failuresOf(unmarked, 'changePassword', 'positive_data_acceptance').length).toBeGreaterThan(0);
  });
});

describe('rules the contract states in prose', () => {
  /** The contract with CommentInput's `text` narrowed to a single space (so every generated comment is blank), and its prose as given. */
  const blankComments = (description?: string) => {
    const doc = structuredClone(loadContract()) as OpenApiDocument;
    const input = doc.components.schemas.CommentInput as { description?: string; properties: Record<string, object> };
    input.properties.text = { type: 'string', enum: [' '] };
    if (description !== undefined) input.description = description;
    return runConformance({
      baseUrl: mock.url,
      include: 'all',
      operations: ['createPost', 'createComment'],
      fuzz: 3,
      seed: 9,
      contract: doc,
    });
  };

  it('does not count a comment of spaces refused with 422 against the server: CommentInput says `text` needs more than spaces', async () => {
    const stated = await blankComments();
    expect(failuresOf(stated, 'createComment', 'positive_data_acceptance')).toEqual([]);
    expect(cell(stated, 'createComment', 'positive_data_acceptance')).toMatchObject({
      status: 'skip',
      reason: expect.stringContaining('rule in the contract prose'),
    });
    const unstated = await blankComments('Closed, as every request body.');
    expect(failuresOf(unstated, 'createComment', 'positive_data_acceptance').length).toBeGreaterThan(0);
  });
});
