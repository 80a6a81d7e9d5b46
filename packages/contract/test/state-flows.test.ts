import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StartedMock } from '@cohort/mock/start';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../src/index.ts';
import { cell } from './helpers.ts';
import { fakingProxy as fakingMockProxy, startBuiltMock } from './mock.ts';

// The operations whose success needs state set up first, and what they stand on.
const OPERATIONS = [
  'inviteToChannel',
  'listChannelInvites',
  'acceptChannelInvite',
  'declineChannelInvite',
  'joinChannel',
  'restoreSavedList',
  'unpinMessage',
];

let mock: StartedMock;
let mockUrl = '';

beforeAll(async () => {
  mock = await startBuiltMock(['--users', '60']);
  mockUrl = mock.url;
});

afterAll(() => mock?.stop());

/** A proxy to the mock that answers `POST …/accept` with a success without passing it on. */
async function lyingProxy(): Promise<{ url: string; server: Server }> {
  const target = new URL(mockUrl);
  const server = createServer((req, res) => {
    if (req.method === 'POST' && /\/channel-invites\/[^/]+\/accept$/.test(req.url ?? '')) {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, message: 'Accepted.', data: null }));
      return;
    }
    const upstream = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('operations that need state first (against the real mock)', () => {
  it('are exercised to success and their effects checked, not skipped', async () => {
    const result = await runConformance({
      baseUrl: mockUrl,
      include: 'all',
      operations: OPERATIONS,
      fuzz: 0,
      seed: 3,
    });
    expect(result.failures).toEqual([]);
    for (const op of OPERATIONS) {
      expect(cell(result, op, 'positive_data_acceptance'), op).toMatchObject({ status: 'pass' });
    }
    expect(cell(result, 'inviteToChannel', 'ensure_resource_availability')?.status).toBe('pass');
    expect(cell(result, 'acceptChannelInvite', 'ensure_resource_availability')?.status).toBe('pass');
    expect(cell(result, 'declineChannelInvite', 'use_after_free')?.status).toBe('pass');
    expect(cell(result, 'joinChannel', 'ensure_resource_availability')?.status).toBe('pass');
    expect(cell(result, 'restoreSavedList', 'ensure_resource_availability')?.status).toBe('pass');
  });

  it('fails an accept that answers success but does not make the user a member', async () => {
    const proxy = await lyingProxy();
    try {
      const result = await runConformance({
        baseUrl: proxy.url,
        include: 'all',
        operations: ['acceptChannelInvite'],
        fuzz: 0,
        seed: 3,
      });
      const availability = cell(result, 'acceptChannelInvite', 'ensure_resource_availability');
      expect(availability?.status).toBe('fail');
      const failure = result.failures.find(
        (f) => f.operationId === 'acceptChannelInvite' && f.code === 'ensure_resource_availability',
      );
      expect(failure?.message).toMatch(/not in listMyChannels/);
    } finally {
      proxy.server.close();
    }
  });
});

/** A proxy to the mock that answers the requests `fake` picks with its own success, passing the rest on. */
function fakingProxy(fake: (method: string, url: string, body: string) => unknown | undefined) {
  return fakingMockProxy(mockUrl, (method, url, body) => {
    const answer = fake(method, url, body);
    return answer === undefined ? undefined : { body: answer };
  });
}

const channelBody = (id: string) => ({
  success: true,
  message: 'OK',
  data: { id, name: 'G', description: '', tags: [], is_closed: false, users: [] },
});

describe('access rules, tried as another user (access_control)', () => {
  it('the mock refuses a third party joining or reading a one-to-one chat, and a stranger planting a subgroup', async () => {
    const result = await runConformance({
      baseUrl: mockUrl,
      include: 'all',
      operations: ['joinChannel', 'getChannelMessages', 'storeChannel'],
      fuzz: 0,
      seed: 3,
    });
    expect(result.failures).toEqual([]);
    expect(cell(result, 'joinChannel', 'access_control')?.status).toBe('pass');
    expect(cell(result, 'getChannelMessages', 'access_control')?.status).toBe('pass');
    expect(cell(result, 'storeChannel', 'access_control')?.status).toBe('pass');
  });

  it('fails a server that lets a third party join a one-to-one chat, with a curl that repeats it', async () => {
    const proxy = await fakingProxy((method, url) => {
      const m = /\/channels\/([^/]+)\/join$/.exec(url);
      return method === 'POST' && m?.[1] ? channelBody(m[1]) : undefined;
    });
    try {
      const result = await runConformance({
        baseUrl: proxy.url,
        include: 'all',
        operations: ['joinChannel'],
        fuzz: 0,
        seed: 3,
      });
      const failure = result.failures.find((f) => f.operationId === 'joinChannel' && f.code === 'access_control');
      expect(failure?.message).toMatch(/another user could join a one-to-one chat of two other people/);
      expect(failure?.curl).toMatch(/curl .*-X POST .*\/join/);
    } finally {
      proxy.server.close();
    }
  });

  it('fails a server that lets a stranger create a subgroup in a private group', async () => {
    const proxy = await fakingProxy((method, url, body) =>
      method === 'POST' && url.endsWith('/users/channels/store') && /"parent_id":"chan_/.test(body)
        ? { ...channelBody('chan_PlantedSubgroup00000'), data: { ...channelBody('chan_PlantedSubgroup00000').data } }
        : undefined,
    );
    try {
      const result = await runConformance({
        baseUrl: proxy.url,
        include: 'all',
        operations: ['storeChannel'],
        fuzz: 0,
        seed: 3,
      });
      expect(cell(result, 'storeChannel', 'access_control')?.status).toBe('fail');
    } finally {
      proxy.server.close();
    }
  });
});

describe('the connection lifecycle against the real mock', () => {
  const CONNECTIONS = [
    'connectUser',
    'acceptConnection',
    'declineConnection',
    'withdrawConnection',
    'removeConnection',
    'markNotificationRead',
  ];
  const runConnections = (baseUrl: string) =>
    runConformance({ baseUrl, include: 'all', operations: CONNECTIONS, fuzz: 0, seed: 3, examples: false });

  it('accepts, declines, withdraws and removes, both friend lists following, and a second answer is a 409', async () => {
    const result = await runConnections(mockUrl);
    expect(result.failures).toEqual([]);
    for (const op of CONNECTIONS) {
      expect(cell(result, op, 'positive_data_acceptance'), op).toMatchObject({ status: 'pass' });
      expect(cell(result, op, 'status_coverage'), op).toMatchObject({ status: 'pass' });
    }
    expect(cell(result, 'acceptConnection', 'ensure_resource_availability')?.status).toBe('pass');
    expect(cell(result, 'removeConnection', 'use_after_free')?.status).toBe('pass');
    const accept = result.coverage.operations.find((o) => o.operationId === 'acceptConnection');
    expect(accept?.statuses.find((s) => s.status === '409')).toMatchObject({ provokedBy: expect.any(String) });
  });

  it('fails an accept that answers success but makes nobody friends', async () => {
    const proxy = await fakingProxy((method, url) =>
      method === 'POST' && /\/connections\/\d+\/accept$/.test(url)
        ? { success: true, message: 'OK', data: null }
        : undefined,
    );
    try {
      const result = await runConnections(`http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`);
      const failure = result.failures.find(
        (f) => f.operationId === 'acceptConnection' && f.code === 'ensure_resource_availability',
      );
      expect(failure?.message).toMatch(/created by acceptConnection is not in listFriends/);
    } finally {
      proxy.server.close();
    }
  });
});
