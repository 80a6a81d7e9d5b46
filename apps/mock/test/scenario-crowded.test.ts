import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scenarioFor, seedScenario } from '../src/scenarios/index.ts';
import { contractFetch, startServer, type TestServer } from './helpers.ts';

// The whole preset: 100,000 users and three 10,000-message groups take seconds to seed.
describe('scenario crowded: long lists, each within the contract', { timeout: 120_000 }, () => {
  let server: TestServer;
  let token: string;
  const get = async <T>(path: string): Promise<T> => {
    const res = await contractFetch(`${server.baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };
  beforeAll(async () => {
    const state = seedScenario(scenarioFor('crowded') ?? expect.fail('no crowded preset'));
    server = await startServer({ state, options: { authLimits: { directoryPerToken: 10_000 } } });
    token = await server.login();
  }, 120_000);
  afterAll(() => server.close());

  it('has 100,000 users: the directory finds 99,999 others, 100 to a page', async () => {
    expect(server.store.accounts.count).toBe(100_000);
    const page = await get<{ data: { total: number; last_page: number; data: unknown[] } }>(
      '/api/v1/users/search?per_page=100&page=3',
    );
    expect(page.data.total).toBe(99_999);
    expect(page.data.last_page).toBe(1000);
    expect(page.data.data).toHaveLength(100);
  });

  it('gives the demo account 2,000 friends, 1,005 notifications and 202 saved lists', async () => {
    expect(await get<unknown[]>('/api/v1/users/me/friends')).toHaveLength(2000);
    const lists = await get<{ data: unknown[] }>('/api/v1/users/me/saved-lists');
    expect(lists.data).toHaveLength(202);
    let before: number | null = null;
    const times: string[] = [];
    do {
      const page: { data: { created_at: string }[]; meta: { next_before: number | null } } = await get(
        `/api/v1/users/me/notifications?limit=100${before === null ? '' : `&before=${before}`}`,
      );
      times.push(...page.data.map((n) => n.created_at));
      before = page.meta.next_before;
    } while (before !== null);
    expect(times).toHaveLength(1005);
    // Newest first all the way down: the seeded five (this week) before the thousand older ones.
    expect(times).toEqual([...times].sort().reverse());
  });

  it('has three 10,000-message groups, and pages through one of them, every message once, in order', async () => {
    const groups = await get<{ data: { id: string; name: string }[] }>('/api/v1/users/me/channels');
    const long = groups.data.filter((c) => c.name === 'Cohort Archive' || c.name.startsWith('Long Thread'));
    expect(long.map((c) => c.name).sort()).toEqual(['Cohort Archive', 'Long Thread 1', 'Long Thread 2']);
    const thread = long.find((c) => c.name === 'Long Thread 1') ?? expect.fail('no Long Thread 1');
    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const page: { data: { id: string; time: string }[]; meta: { next_before: string | null } } = await get(
        `/api/v1/channels/${thread.id}/get-messages?limit=100${before === null ? '' : `&before=${before}`}`,
      );
      seen.unshift(...page.data.map((m) => m.id));
      before = page.meta.next_before;
      pages++;
    } while (before !== null);
    expect(pages).toBe(100);
    expect(new Set(seen).size).toBe(10_000);
    const ids = server.store.snapshot().messages[thread.id]?.map((m) => m.id);
    expect(seen).toEqual(ids);
  });
});
