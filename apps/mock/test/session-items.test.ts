import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, SEEDED_PASSWORD, seedState } from '../src/seed/index.ts';
import { sessionStores } from '../src/store/session-stores.ts';
import { overlayItems, shareItems } from '../src/store/shared-items.ts';
import { Store } from '../src/store/store.ts';
import { mockControl } from '../src/tools/testing.ts';
import { contractFetch, startServer, type TestServer } from './helpers.ts';

// Sessions share the seed's profile items read-only; each session's changes live in its own overlay.

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

type Item = { id: number; title?: string; name?: string; concern?: string };
const JSON_HEADERS = { 'content-type': 'application/json' };

/** A client signed in as `email` in `session` (none: the default state). */
async function signIn(session?: string, email: string = DEMO_ACCOUNT.email) {
  const base = { ...JSON_HEADERS, ...(session === undefined ? {} : { 'x-mock-session': session }) };
  const uniName = server.store.accounts.findByEmail(email)?.university ?? DEMO_ACCOUNT.university;
  const login = await contractFetch(`${server.baseUrl}/api/v1/login`, {
    method: 'POST',
    headers: base,
    body: JSON.stringify({ uniName, email, password: SEEDED_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const headers = { ...base, authorization: `Bearer ${token}` };
  const send = (method: string, path: string, body?: unknown) =>
    contractFetch(`${server.baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const me = (await (await send('GET', '/api/v1/users/me')).json()) as { data: { id: string } };
  return {
    id: me.data.id,
    send,
    list: async (path: string) => ((await (await send('GET', path)).json()) as { data: Item[] }).data,
  };
}

/** Each profile list: where it is read, added to and removed from (experiences have no removal). */
const KINDS = [
  {
    kind: 'notes',
    list: (user: string) => `/api/v1/users/me/notes/${user}`,
    store: '/api/v1/users/me/notes/store',
    body: { title: 'Session note', note: 'Only in one session.', date: '2026-11-25' },
    remove: (id: number) => `/api/v1/users/me/notes/${id}`,
    label: (item: Item) => item.title,
  },
  {
    kind: 'clubs',
    list: (user: string) => `/api/v1/users/me/clubs/${user}`,
    store: '/api/v1/users/me/clubs/store',
    body: { name: 'Session Club', position: 'Captain' },
    remove: (id: number) => `/api/v1/users/me/clubs/${id}/detach`,
    label: (item: Item) => item.name,
  },
  {
    kind: 'interests',
    list: (user: string) => `/api/v1/users/me/interests/${user}`,
    store: '/api/v1/users/me/interests/store',
    body: { name: 'Session Interest' },
    remove: (id: number) => `/api/v1/users/me/interests/${id}/detach`,
    label: (item: Item) => item.name,
  },
  {
    kind: 'directions',
    list: (user: string) => `/api/v1/users/me/directions/${user}`,
    store: '/api/v1/users/me/directions/store',
    body: { name: 'Session Direction' },
    remove: (id: number) => `/api/v1/users/me/directions/${id}/detach`,
    label: (item: Item) => item.name,
  },
  {
    kind: 'experiences',
    list: () => '/api/v1/users/me/experiences',
    store: '/api/v1/users/me/experiences/store',
    body: { uni_name: 'Session University', concern: 'Session concern', degree: 'BSc', year: 2020 },
    remove: undefined,
    label: (item: Item) => item.concern,
  },
] as const;

const ids = (items: Item[]) => items.map((item) => item.id).sort((a, b) => a - b);

describe("sessions share the seed's profile items", () => {
  it.each(KINDS)('$kind: added and removed in one session, seen there only', async (k) => {
    const outside = await signIn();
    const seeded = await outside.list(k.list(outside.id));
    expect(seeded.length).toBeGreaterThan(0);
    const a = await signIn(`${k.kind}-a`);
    const b = await signIn(`${k.kind}-b`);
    // A fresh session lists exactly the seed's items.
    expect(await a.list(k.list(a.id))).toEqual(seeded);

    const added = await a.send('POST', k.store, k.body);
    expect(added.status).toBe(201);
    const item = ((await added.json()) as { data: Item }).data;
    const removed = seeded[0] as Item;
    if (k.remove) expect((await a.send('DELETE', k.remove(removed.id))).status).toBe(200);

    const inA = await a.list(k.list(a.id));
    expect(inA.map(k.label)).toContain(k.label(item));
    expect(ids(inA)).toEqual(ids([...seeded.filter((i) => !k.remove || i.id !== removed.id), item]));
    // Session B and the default state still have the seed's list.
    expect(await b.list(k.list(b.id))).toEqual(seeded);
    expect(await outside.list(k.list(outside.id))).toEqual(seeded);

    // A reset session starts from the seed's items again.
    await mockControl(server.baseUrl, { session: `${k.kind}-a` }).reset();
    const again = await signIn(`${k.kind}-a`);
    expect(await again.list(k.list(again.id))).toEqual(seeded);
  });

  it("answers a removal of someone else's item 403 and of an unknown or removed one 404, as outside sessions", async () => {
    const someone = server.store.accounts.first(2)[1];
    if (!someone) throw new Error('seed has fewer than two users');
    const theirNote = (await (await signIn()).list(`/api/v1/users/me/notes/${someone.id}`))[0] as Item;
    expect(theirNote).toBeDefined();
    const cases = [
      ['someone else’s seeded note', theirNote.id, 403],
      ['an id no note has', 999_999, 404],
    ] as const;
    for (const session of [undefined, 'owner-a']) {
      const me = await signIn(session);
      for (const [what, id, status] of cases) {
        expect((await me.send('DELETE', `/api/v1/users/me/notes/${id}`)).status, `${what} in ${session}`).toBe(status);
      }
    }
    // Its owner removes it in session A: gone there (404), still theirs in session B (403).
    const owner = await signIn('owner-a', someone.email);
    expect((await owner.send('DELETE', `/api/v1/users/me/notes/${theirNote.id}`)).status).toBe(200);
    expect((await (await signIn('owner-a')).send('DELETE', `/api/v1/users/me/notes/${theirNote.id}`)).status).toBe(404);
    expect((await (await signIn('owner-b')).send('DELETE', `/api/v1/users/me/notes/${theirNote.id}`)).status).toBe(403);
  });
});

describe("sessions share the seed's users", () => {
  it('keeps a profile edit, a removed connection and a new password in the session that made them', async () => {
    const outside = await signIn();
    const friendsOf = async (who: { send: (m: string, p: string) => Promise<Response> }) =>
      // A bare array, as the contract has it.
      ((await (await who.send('GET', '/api/v1/users/me/friends')).json()) as { id: string }[]).map((f) => f.id);
    const seededFriends = await friendsOf(outside);
    const friend = seededFriends[0];
    if (!friend) throw new Error('the demo account has no seeded friends');
    const a = await signIn('users-a');
    const b = await signIn('users-b');
    const edited = await a.send('PATCH', '/api/v1/users/me', { description: 'Edited in session A only.' });
    expect(edited.status).toBe(200);
    expect((await a.send('DELETE', `/api/v1/users/${friend}/connection`)).status).toBe(200);
    const changed = await a.send('PUT', '/api/v1/users/me/password', {
      current_password: SEEDED_PASSWORD,
      password: 'session-a-pass-1',
      password_confirmation: 'session-a-pass-1',
    });
    expect(changed.status).toBe(200);

    const description = async (who: { send: (m: string, p: string) => Promise<Response> }) =>
      ((await (await who.send('GET', '/api/v1/users/me')).json()) as { data: { description: string | null } }).data
        .description;
    expect(await description(a)).toBe('Edited in session A only.');
    expect(await friendsOf(a)).not.toContain(friend);
    for (const other of [b, outside]) {
      expect(await description(other)).not.toBe('Edited in session A only.');
      expect(await friendsOf(other)).toEqual(seededFriends);
    }
    // The friend's side of the connection ended in A only too.
    const friendEmail = server.store.accounts.find(friend)?.email ?? '';
    expect(await friendsOf(await signIn('users-a', friendEmail))).not.toContain(a.id);
    expect(await friendsOf(await signIn('users-b', friendEmail))).toContain(b.id);
    // The seeded password still signs in outside session A and in a session made afterwards.
    await signIn('users-c');
    await signIn();
  });
});

describe("sessions share the seed's search index", () => {
  it('until one changes a profile: that session then finds the new words, the others and new sessions do not', async () => {
    const someone = server.store.accounts.first(3)[2];
    if (!someone) throw new Error('seed has fewer than three users');
    const found = async (who: { send: (m: string, p: string) => Promise<Response> }, q: string) =>
      (
        (await (await who.send('GET', `/api/v1/users/search?q=${q}`)).json()) as { data: { data: { id: string }[] } }
      ).data.data.map((p) => p.id);
    const a = await signIn('search-a');
    const b = await signIn('search-b');
    const seededName = someone.last_name;
    expect(await found(a, seededName)).toContain(someone.id);
    expect(await found(b, seededName)).toContain(someone.id);
    const renamed = await (await signIn('search-a', someone.email)).send('PATCH', '/api/v1/users/me', {
      description: 'Zyxwvutsrq enthusiast.',
    });
    expect(renamed.status).toBe(200);
    expect(await found(a, 'Zyxwvutsrq')).toEqual([someone.id]);
    for (const other of [b, await signIn('search-c'), await signIn()]) {
      expect(await found(other, 'Zyxwvutsrq')).toEqual([]);
      expect(await found(other, seededName)).toContain(someone.id);
    }
  });
});

describe('session stores (sessionStores)', () => {
  const seed = { users: 40, channels: 6 };
  const demoOf = (store: Store) => store.accounts.findByEmail(DEMO_ACCOUNT.email)?.id ?? '';

  it('keeps a failed transaction out of the overlay and leaves the shared seed untouched', () => {
    const full = seedState(seed);
    const stores = sessionStores(() => full);
    const a = stores.create();
    const user = demoOf(a);
    const before = a.profile.notes.listFor(user);
    expect(() =>
      a.transact(() => {
        a.profile.addNote(user, { title: 'Rolled back', note: 'Never kept', date: '2026-11-24' });
        throw new Error('fails after the write');
      }),
    ).toThrow('fails after the write');
    expect(a.profile.notes.listFor(user)).toEqual(before);
    const kept = a.transact(() => a.profile.addNote(user, { title: 'Kept', note: 'In A', date: '2026-11-24' }));
    a.transact(() => a.profile.deleteNote(user, before[0]?.id ?? 0));
    // The whole list (a snapshot, or the directory's rebuild) is the seed's with A's changes, in id order.
    const expected = [...full.notes.filter((n) => n.id !== before[0]?.id), { ...kept, user_id: user }];
    expect(a.snapshot().notes).toEqual(expected);
    // The seed's own lists, and a second session, are as seeded.
    expect(full.notes).toEqual(seedState(seed).notes);
    expect(stores.create().snapshot().notes).toEqual(full.notes);
    expect(stores.seed().notes).toEqual([]);
  });

  it('gives a session store the same state as a store of its own copy of the seed', () => {
    const full = seedState(seed);
    // One time for both: stories are placed relative to the store's clock.
    const now = () => new Date('2026-11-28T12:00:00Z');
    const session = sessionStores(() => full).create({ now });
    const own = new Store(structuredClone(full), { now });
    expect(session.snapshot()).toEqual(own.snapshot());
  });

  it("reads a user's list from the session's commits once it changed there (as after an eviction), else from the seed", () => {
    const full = seedState(seed);
    const shared = shareItems(full);
    const a = overlayItems(shared);
    const b = overlayItems(shared);
    const [first, second] = full.clubs;
    if (!first || !second) throw new Error('seed has fewer than two clubs');
    const mine = full.clubs.filter((c) => c.user_id === first.user_id);
    const added = { id: 99_999, user_id: first.user_id, name: 'Overlay Club', position: 'Member' };
    a.persistence.commit([
      { collection: 'club', key: String(first.id), value: undefined },
      { collection: 'club', key: String(added.id), value: added },
      // Rows of what the store keeps in memory are not the overlay's.
      { collection: 'user', key: first.user_id, value: { id: first.user_id } },
    ]);
    expect(a.items.club.ofUser(first.user_id)).toEqual([...mine.filter((c) => c.id !== first.id), added]);
    expect(a.items.club.ownerOf(first.id)).toBeUndefined();
    expect(a.items.club.ownerOf(added.id)).toBe(first.user_id);
    expect(a.items.club.ownerOf(second.id)).toBe(second.user_id);
    expect(b.items.club.ofUser(first.user_id)).toEqual(mine);
    expect(b.items.club.ownerOf(added.id)).toBeUndefined();
    // A read is a copy: changing it changes neither the overlay nor the seed.
    const read = b.items.club.ofUser(first.user_id);
    read.pop();
    (read[0] as { name: string }).name = 'Changed';
    expect(b.items.club.ofUser(first.user_id)).toEqual(mine);
    // Everything replaced: the new state's items, and none of the session's changes.
    a.persistence.replace({ ...full, clubs: [second] });
    expect(a.items.club.all()).toEqual([second]);
    expect(a.items.club.ownerOf(first.id)).toBeUndefined();
    expect(b.items.club.all()).toEqual(full.clubs);
  });
});
