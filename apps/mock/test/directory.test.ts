import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredUser } from '../src/store/types.ts';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
let token: string;
let me: string;
/** Every user but the demo account (search leaves the searcher out). */
let people: StoredUser[];

beforeAll(async () => {
  server = await startServer({ seed: { users: 200 } });
  token = await server.login();
  me = server.store.accounts.first(1)[0]?.id ?? '';
  people = server.store.accounts.first(200).slice(1);
});
afterAll(() => server.close());

async function search(query: Record<string, unknown>) {
  const { data, error, response } = await server
    .client(token)
    // biome-ignore lint/suspicious/noExplicitAny: a table of queries of every filter
    .GET('/api/v1/users/search', { params: { query: query as any } });
  return { page: data?.data, error, status: response?.status };
}

const ids = (users: StoredUser[]) => users.map((u) => u.id).sort();

describe('searchUsers', () => {
  it('without filters pages through everyone but me, by last name then first name', async () => {
    const { page } = await search({ per_page: 100 });
    expect(page?.total).toBe(people.length);
    expect(page?.last_page).toBe(2);
    expect(page?.data).toHaveLength(100);
    expect(page?.data.some((p) => p.id === me)).toBe(false);
    const names = page?.data.map((p) => `${p.last_name}`.toLowerCase()) ?? [];
    expect(names).toEqual([...names].sort());
    const second = (await search({ per_page: 100, page: 2 })).page;
    expect(second?.current_page).toBe(2);
    expect(second?.data).toHaveLength(people.length - 100);
    expect(new Set([...(page?.data ?? []), ...(second?.data ?? [])].map((p) => p.id)).size).toBe(people.length);
  });

  const year = 2020;
  it.each<[string, Record<string, unknown>, (u: StoredUser) => boolean]>([
    ['one class year', { class_of: [year] }, (u) => u.graduation_year === year],
    [
      'two class years (OR)',
      { class_of: [year, year + 1] },
      (u) => u.graduation_year === year || u.graduation_year === year + 1,
    ],
    [
      'a university, case-insensitively',
      { university: ['stanford university'] },
      (u) => u.university === 'Stanford University',
    ],
    [
      'university AND industry',
      { university: ['Harvard University', 'Stanford University'], industry: ['Tech', 'Finance'] },
      (u) =>
        ['Harvard University', 'Stanford University'].includes(u.university ?? '') &&
        ['Tech', 'Finance'].includes(u.industry ?? ''),
    ],
    [
      'program and major',
      { program: ['MBA'], major: ['Finance'] },
      (u) => u.program === 'MBA' && u.major === 'Finance',
    ],
    ['company', { company: ['Google'] }, (u) => u.company === 'Google'],
    ['desired industry', { desired_industry: ['Energy'] }, (u) => u.desired_industry === 'Energy'],
    ['location', { location: ['San Francisco, CA'] }, (u) => u.location === 'San Francisco, CA'],
    ['an unknown value finds no one', { university: ['Nowhere University'] }, () => false],
  ])('filters by %s', async (_name, query, match) => {
    const { page } = await search({ ...query, per_page: 100 });
    const want = ids(people.filter(match));
    expect(page?.data.map((p) => p.id).sort()).toEqual(want);
    expect(page?.total).toBe(want.length);
  });

  it('filters by club and interest from the profile items, and follows a new club at once', async () => {
    const club = server.store.profile.listClubs(people[0]?.id ?? '')[0]?.name ?? 'Chess Club';
    const members = people.filter((u) => server.store.profile.listClubs(u.id).some((c) => c.name === club));
    expect((await search({ club: [club], per_page: 100 })).page?.total).toBe(members.length);
    const interest = server.store.profile.listInterests(people[1]?.id ?? '')[0]?.name ?? '';
    const fans = people.filter((u) => server.store.profile.listInterests(u.id).some((i) => i.name === interest));
    expect((await search({ interest: [interest], per_page: 100 })).page?.total).toBe(fans.length);

    // A write (another user adds the club) shows in the next search.
    const joiner = people.find((u) => !members.includes(u)) as StoredUser;
    server.store.transact(() => server.store.profile.addClub(joiner.id, { name: club, position: 'Member' }));
    const after = await search({ club: [club], per_page: 100 });
    expect(after.page?.data.map((p) => p.id)).toContain(joiner.id);
    // And leaving it shows too.
    const entry = server.store.profile.listClubs(joiner.id).find((c) => c.name === club);
    server.store.transact(() => server.store.profile.detachClub(joiner.id, entry?.id ?? 0));
    expect((await search({ club: [club], per_page: 100 })).page?.data.map((p) => p.id)).not.toContain(joiner.id);
  });

  it('shows profile changes, renames and new users in the next search', async () => {
    const person = people[7] as StoredUser;
    const theirs = server.client(await server.login(person.email));
    await theirs.PATCH('/api/v1/users/me', { body: { description: 'Founder of Zephyrine Labs.' } });
    const byWord = await search({ q: 'zephyr' });
    expect(byWord.page?.data.map((p) => p.id)).toEqual([person.id]);
    await theirs.PATCH('/api/v1/users/me', { body: { last_name: 'Aardvark' } });
    const first = await search({ per_page: 1 });
    expect(first.page?.data[0]).toMatchObject({ id: person.id, last_name: 'Aardvark' });

    const email = `new-${Date.now()}@example.org`;
    const registered = await server.client().POST('/api/v1/register', {
      body: { university_name: 'Nowhere College', email, password: 'secret-pass', graduation_year: 2031 },
    });
    expect(registered.error).toBeUndefined();
    const found = await search({ university: ['Nowhere College'], class_of: [2031] });
    expect(found.page?.data.map((p) => p.id)).toEqual([server.store.accounts.findByEmail(email)?.id]);
  });

  it('keyword q matches word prefixes of name, company and description, combined with filters', async () => {
    const target = people[5] as StoredUser;
    const { page } = await search({ q: target.last_name.slice(0, 3).toUpperCase(), per_page: 100 });
    expect(page?.data.map((p) => p.id)).toContain(target.id);
    for (const p of page?.data ?? []) {
      const u = people.find((x) => x.id === p.id) as StoredUser;
      const text = `${u.first_name} ${u.last_name} ${u.company} ${u.description}`.toLowerCase();
      expect(text).toMatch(new RegExp(`(^|[^\\p{L}\\p{N}])${target.last_name.slice(0, 3).toLowerCase()}`, 'u'));
    }
    const company = await search({ q: 'google', per_page: 100 });
    expect(company.page?.total).toBeGreaterThanOrEqual(people.filter((u) => u.company === 'Google').length);
    const both = await search({ q: target.first_name, university: [target.university], per_page: 100 });
    expect(both.page?.data.map((p) => p.id)).toContain(target.id);
    expect(both.page?.data.every((p) => p.university === target.university)).toBe(true);
    expect((await search({ q: 'zzqxv' })).page?.total).toBe(0);
    expect((await search({ q: '!!!' })).page?.total).toBe(0);
  });

  it('returns people as PersonSummary with photo, names and last seen', async () => {
    const { page } = await search({ per_page: 1 });
    expect(Object.keys(page?.data[0] ?? {}).sort()).toEqual(
      [
        'company',
        'first_name',
        'graduation_year',
        'id',
        'industry',
        'last_name',
        'last_seen_at',
        'location',
        'major',
        'profile_image',
        'program',
        'university',
      ].sort(),
    );
  });

  it('answers 422 naming every bad query parameter, 401 without a token', async () => {
    const bad = await search({ class_of: ['soon', 1800], per_page: 500, page: 0, q: 'x'.repeat(101) });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.error?.fieldErrors ?? {}).sort()).toEqual([
      'class_of.0',
      'class_of.1',
      'page',
      'per_page',
      'q',
    ]);
    const anonymous = await server.client().GET('/api/v1/users/search', {});
    expect(anonymous.response?.status).toBe(401);
  });

  it('sets a Server-Timing header with the time the search took', async () => {
    const response = await fetch(
      `${server.baseUrl}/api/v1/users/search?class_of=2020&university=Stanford%20University`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(response.headers.get('server-timing')).toMatch(/^search;dur=\d+(\.\d+)?$/);
  });
});

describe('connectUser', () => {
  it('sends an invitation once; 409 for a second one, for myself or a friend; 404 for no one', async () => {
    const client = server.client(token);
    const friendIds = server.store.accounts.find(me)?.friend_ids ?? [];
    // Not a friend, and not one of the seeded people whose invitation waits for me (that would accept it).
    const waiting = new Set(
      server.store.social
        .allConnections()
        .filter((c) => c.to_user_id === me && c.status === 'pending')
        .map((c) => c.from_user_id),
    );
    const stranger = people.find((u) => !friendIds.includes(u.id) && !waiting.has(u.id)) as StoredUser;
    const sent = await client.POST('/api/v1/users/{id}/connect', { params: { path: { id: stranger.id } } });
    expect(sent.response?.status).toBe(201);
    expect(sent.data?.data).toMatchObject({ from_user_id: me, to_user_id: stranger.id, status: 'pending' });
    const again = await client.POST('/api/v1/users/{id}/connect', { params: { path: { id: stranger.id } } });
    expect(again.error?.status).toBe(409);
    const self = await client.POST('/api/v1/users/{id}/connect', { params: { path: { id: me } } });
    expect(self.error?.status).toBe(409);
    if (friendIds[0]) {
      const friend = await client.POST('/api/v1/users/{id}/connect', { params: { path: { id: friendIds[0] } } });
      expect(friend.error?.status).toBe(409);
    }
    const nobody = await client.POST('/api/v1/users/{id}/connect', {
      params: { path: { id: 'usr_AAAAAAAAAAAAAAAAAAAA' } },
    });
    expect(nobody.error?.status).toBe(404);
    const malformed = await client.POST('/api/v1/users/{id}/connect', { params: { path: { id: 'bob' } } });
    expect(malformed.error?.status).toBe(422);
    expect(Object.keys(malformed.error?.fieldErrors ?? {})).toEqual(['id']);
  });
});
