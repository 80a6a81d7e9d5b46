import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scenarioFor, seedScenario } from '../src/scenarios/index.ts';
import { DEMO_ACCOUNT } from '../src/seed/index.ts';
import { contractFetch, startServer, type TestServer } from './helpers.ts';

/** A signed-in GET through the contract check; the JSON body. */
async function get(server: TestServer, token: string, path: string): Promise<unknown> {
  const res = await contractFetch(`${server.baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return res.json();
}

/** The list in an answer: a bare array (listFriends) or the envelope's `data`. */
const list = (body: unknown): unknown[] => (Array.isArray(body) ? body : (body as { data: unknown[] }).data);

describe('scenario empty: a brand-new demo account', () => {
  let server: TestServer;
  let token: string;
  let me: string;
  beforeAll(async () => {
    const state = seedScenario(scenarioFor('empty') ?? expect.fail('no empty preset'), { users: 60, channels: 12 });
    server = await startServer({ state });
    token = await server.login();
    me = ((await get(server, token, '/api/v1/users/me')) as { data: { id: string } }).data.id;
  });
  afterAll(() => server.close());

  it('signs in with the demo credentials and has nothing yet: every list of its own is empty', async () => {
    const mine = [
      `/api/v1/users/me/notes/${me}`,
      `/api/v1/users/me/clubs/${me}`,
      `/api/v1/users/me/interests/${me}`,
      `/api/v1/users/me/directions/${me}`,
      '/api/v1/users/me/experiences',
      '/api/v1/users/me/friends',
      '/api/v1/users/me/connections?direction=incoming',
      '/api/v1/users/me/connections?direction=outgoing',
      '/api/v1/users/me/channels',
      '/api/v1/users/me/channels?status=inactive',
      '/api/v1/users/me/channel-invites',
      '/api/v1/users/me/notifications',
      '/api/v1/users/me/saved-lists',
      '/api/v1/users/me/saved-lists?deleted=true',
      '/api/v1/users/me/saved-messages',
      '/api/v1/users/me/events',
      '/api/v1/users/me/blocks',
      '/api/v1/calls',
      `/api/v1/users/${me}/posts`,
      `/api/v1/users/${me}/media`,
      '/api/v1/users/me/feed',
    ];
    for (const path of mine) expect(list(await get(server, token, path)), path).toEqual([]);
    const notifications = (await get(server, token, '/api/v1/users/me/notifications')) as {
      meta: { unread_count: number };
    };
    expect(notifications.meta.unread_count).toBe(0);
  });

  it('keeps its name, e-mail and university, with no profile details yet', async () => {
    const { data } = (await get(server, token, '/api/v1/users/me')) as { data: Record<string, unknown> };
    expect(data).toMatchObject({
      email: DEMO_ACCOUNT.email,
      university: DEMO_ACCOUNT.university,
      description: null,
      profile_image: null,
      emails: [],
    });
  });

  it('leaves no trace of the account anywhere else in the state (groups, messages, lists, feed, calls…)', () => {
    const state = seedScenario(scenarioFor('empty') ?? expect.fail('no empty preset'), { users: 60, channels: 12 });
    const [demo, ...others] = state.users;
    const id = demo?.id ?? expect.fail('no demo account');
    const before = JSON.stringify(
      seedScenario(scenarioFor('default') ?? expect.fail('no default preset'), { users: 60, channels: 12 }),
    );
    expect(before.split(id).length).toBeGreaterThan(100);
    expect(JSON.stringify({ ...state, users: others }).includes(id)).toBe(false);
  });

  it('the directory holds everyone else, and nobody points at the demo account', async () => {
    const found = (await get(server, token, '/api/v1/users/search?per_page=100')) as {
      data: { total: number; data: { id: string }[] };
    };
    // The searcher is left out of a search: 59 of the 60 users.
    expect(found.data.total).toBe(59);
    expect(server.store.accounts.count).toBe(60);
    const first = found.data.data[0]?.id ?? expect.fail('nobody found');
    const other = await server.login(server.store.accounts.find(first)?.email);
    const friends = list(await get(server, other, '/api/v1/users/me/friends')) as { id: string }[];
    expect(friends.map((f) => f.id)).not.toContain(me);
  });
});
