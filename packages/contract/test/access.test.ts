import { listOperations, loadContract } from '@cohort/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_RULES, accessOf, refusalStatuses, restricts } from '../src/access.ts';
import { accessRule } from '../src/checks/access-control.ts';
import { runConformance } from '../src/index.ts';
import type { Exchange } from '../src/types.ts';
import { cell } from './helpers.ts';
import { fakingProxy, refusalLiftingProxy, startMock } from './mock.ts';

const doc = loadContract();
const operations = listOperations(doc);

/** Every operation whose `{id}` a second user must be refused, by its rule. */
const restricted = operations.flatMap((op) => {
  const rules = accessOf(doc, op);
  return typeof rules !== 'string' && op.path.includes('{') && restricts(rules) ? [{ op, rules }] : [];
});

let mock: { url: string; stop(): void };

// Each run registers three users; the default limit (20 per 10 minutes) would refuse the later ones.
beforeAll(async () => {
  mock = await startMock(['--users', '60', '--register-limit', '1000']);
});
afterAll(() => mock?.stop());

describe('x-access in the contract', () => {
  it('every operation declares known rules, and every restricting rule kind is used', () => {
    const bad = operations.filter((op) => typeof accessOf(doc, op) === 'string').map((op) => op.operationId);
    expect(bad).toEqual([]);
    const used = new Set(restricted.flatMap((r) => r.rules));
    const kinds = ['owner', 'member', 'visible', 'author', 'creator', 'invitee', 'inviter', 'participant', 'viewer'];
    for (const rule of [...kinds, 'post_author']) {
      expect(used, rule).toContain(rule);
    }
    expect(Object.keys(ACCESS_RULES)).toEqual(expect.arrayContaining(['public', 'self', 'authenticated']));
  });

  it('refusals are the declared 403/404 and the 409 "not a member"', () => {
    const refusals = (id: string) => {
      const op = operations.find((o) => o.operationId === id);
      return op && refusalStatuses(op);
    };
    expect(refusals('editMessage')).toEqual([403, 404]);
    expect(refusals('acceptConnection')).toEqual([404]);
    expect(refusals('muteChannel')).toEqual([404, 409]);
  });
});

describe('access rules tried as a second user against the real mock', () => {
  it('every {id} operation with a restricting rule is tried and refused', async () => {
    const result = await runConformance({
      baseUrl: mock.url,
      include: 'all',
      operations: restricted.map((r) => r.op.operationId),
      fuzz: 0,
      seed: 5,
      examples: false,
    });
    const cells = restricted.map((r) => [r.op.operationId, cell(result, r.op.operationId, 'access_control')?.status]);
    expect(cells).toEqual(restricted.map((r) => [r.op.operationId, 'pass']));
    expect(result.failures).toEqual([]);
  });
});

// One row per rule kind: a server that drops exactly that operation's check, and what the finding says.
const BROKEN: [string, string, RegExp, RegExp][] = [
  ['owner (note)', 'deleteNote', /^DELETE .*\/notes\/\d+$/, /not the owner.*expected 403 or 404, got 200/],
  ['owner (notification)', 'markNotificationRead', /^POST .*\/notifications\/\d+\/read$/, /expected 404, got 200/],
  ['owner (saved list)', 'getSavedList', /^GET .*\/saved-lists\/\d+$/, /expected 404, got 200/],
  ['member', 'sendMessage', /^POST .*\/channels\/chan_[^/]+\/messages$/, /not the member.*got 200/],
  ['member (409 not a member)', 'muteChannel', /^POST .*\/mute$/, /expected 404 or 409, got 200/],
  ['visible', 'getChannel', /^GET .*\/channels\/chan_[^/]+$/, /not the visible.*got 200/],
  ['author', 'editMessage', /^PATCH .*\/messages\/msg_/, /not the author \(x-access\): expected 403 or 404, got 200/],
  ['author or creator', 'deleteMessage', /^DELETE .*\/messages\/msg_/, /not the author or creator.*got 200/],
  ['invitee (connection)', 'acceptConnection', /^POST .*\/connections\/\d+\/accept$/, /not the invitee.*got 200/],
  ['invitee (group)', 'declineChannelInvite', /^POST .*\/channel-invites\/\d+\/decline$/, /not the invitee.*/],
  ['inviter', 'withdrawConnection', /^POST .*\/connections\/\d+\/withdraw$/, /not the inviter.*got 200/],
  ['participant', 'removeConnection', /^DELETE .*\/users\/usr_[^/]+\/connection$/, /not the participant.*got 200/],
  ['viewer (post)', 'getPost', /^GET .*\/posts\/post_[^/]+$/, /not the viewer \(x-access\): expected 404, got 200/],
  ['viewer (like)', 'likePost', /^PUT .*\/posts\/post_[^/]+\/like$/, /not the viewer.*got 200/],
  ['viewer (story)', 'markStorySeen', /^POST .*\/stories\/sty_[^/]+\/seen$/, /not the viewer.*got 200/],
  ['author (post)', 'deletePost', /^DELETE .*\/posts\/post_[^/]+$/, /not the author.*got 200/],
  ['author or post_author', 'deleteComment', /^DELETE .*\/comments\/cmt_/, /not the author or post_author.*got 200/],
];

describe('a server that drops one access check is caught', () => {
  it.each(BROKEN)('%s: %s', async (_kind, operationId, request, message) => {
    const proxy = await refusalLiftingProxy(mock.url, (method, url) => request.test(`${method} ${url}`));
    try {
      const result = await runConformance({
        baseUrl: proxy.url,
        include: 'all',
        operations: [operationId],
        fuzz: 0,
        seed: 5,
        examples: false,
      });
      expect(proxy.lifted.length).toBeGreaterThan(0);
      expect(cell(result, operationId, 'access_control')?.status).toBe('fail');
      const finding = result.failures.find((f) => f.operationId === operationId && f.code === 'access_control');
      expect(finding?.message).toMatch(/^as a second signed-in user/);
      expect(finding?.message).toMatch(message);
      expect(finding?.curl).toMatch(/^curl -i -X [A-Z]+ 'http/);
    } finally {
      proxy.server.close();
    }
  });
});

const exchange = (status: number): Exchange => ({
  request: { method: 'DELETE', url: 'http://127.0.0.1:1/api/v1/messages/msg_x', headers: {} },
  response: { status, contentType: 'application/json', headers: {}, text: '{}', durationMs: 1 },
});

describe('accessRule', () => {
  it('fails a refusal that still changed the owner’s data, and skips input errors', () => {
    expect(accessRule('deleteMessage', 'as B', exchange(403), [403, 404], false).severity).toBe('fail');
    expect(accessRule('deleteMessage', 'as B', exchange(403), [403, 404], true).severity).toBe('pass');
    expect(accessRule('deleteMessage', 'as B', exchange(422), [403, 404], undefined).severity).toBe('skip');
    expect(accessRule('deleteMessage', 'as B', exchange(409), [403, 404], undefined).severity).toBe('fail');
  });
});

describe('privacy beyond {id} operations', () => {
  const run = (baseUrl: string) =>
    runConformance({
      baseUrl,
      include: 'all',
      operations: ['getUser', 'listMyChannels', 'listSavedLists'],
      fuzz: 0,
      seed: 5,
      examples: false,
    });

  it("passes the mock: a stranger's read of a profile has no x-private field, and nobody's listings show another's private group or saved list", async () => {
    const result = await run(mock.url);
    for (const op of ['getUser', 'listMyChannels', 'listSavedLists']) {
      expect(cell(result, op, 'access_control')?.status, op).toBe('pass');
    }
  });

  it('fails a server whose profile read shows a stranger the e-mail, naming the field', async () => {
    const leak = await fakingProxy(mock.url, (method, url) => {
      const m = /^\/api\/v1\/users\/(usr_[A-Za-z0-9_-]+)$/.exec(url);
      if (method !== 'GET' || !m) return undefined;
      const user = {
        id: m[1],
        first_name: 'Ada',
        last_name: 'Lovelace',
        profile_image: null,
        description: null,
        created_at: '2026-11-01T00:00:00.000Z',
        updated_at: '2026-11-01T00:00:00.000Z',
        email: 'ada@cohort.test',
      };
      return { status: 200, body: { success: true, message: 'OK', data: user } };
    });
    try {
      const result = await run(leak.url);
      expect(cell(result, 'getUser', 'access_control')?.status).toBe('fail');
      const failure = result.failures.find((f) => f.operationId === 'getUser' && f.code === 'access_control');
      expect(failure?.message).toMatch(/private fields: email/);
    } finally {
      leak.server.close();
    }
  });
});
