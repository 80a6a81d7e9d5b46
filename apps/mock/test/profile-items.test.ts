import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
let token: string;
let me: string;
/** Another seeded user, for reads of someone else's items and writes that must fail. */
let other: string;
let otherToken: string;

beforeAll(async () => {
  server = await startServer();
  token = await server.login();
  me = (await server.client(token).GET('/api/v1/users/me')).data?.data.id ?? '';
  const someone = server.store.accounts.first(2)[1];
  if (!someone) throw new Error('seed has fewer than two users');
  other = someone.id;
  otherToken = await server.login(someone.email);
});
afterAll(() => server.close());

const UNKNOWN_USER = 'usr_AAAAAAAAAAAAAAAAAAAA';

describe('notes', () => {
  it('adds, lists (newest first) and deletes a note', async () => {
    const client = server.client(token);
    const stored = await client.POST('/api/v1/users/me/notes/store', {
      body: { title: 'Coffee chat', note: 'Follow up next week.', date: '2099-01-02' },
    });
    expect(stored.response?.status).toBe(201);
    const note = stored.data?.data;
    expect(note).toMatchObject({ title: 'Coffee chat', note: 'Follow up next week.', date: '2099-01-02' });
    const list = await client.GET('/api/v1/users/me/notes/{id}', { params: { path: { id: me } } });
    expect(list.data?.data[0]).toEqual(note);
    const deleted = await client.DELETE('/api/v1/users/me/notes/{id}', { params: { path: { id: note?.id ?? 0 } } });
    expect(deleted.data?.data).toEqual(note);
    const after = await client.GET('/api/v1/users/me/notes/{id}', { params: { path: { id: me } } });
    expect(after.data?.data.map((n) => n.id)).not.toContain(note?.id);
  });

  it("reads another user's notes but cannot delete them (403), and unknown ids are 404", async () => {
    const theirs = await server
      .client(otherToken)
      .POST('/api/v1/users/me/notes/store', { body: { title: 'Mine only', note: 'Private-ish', date: '2026-01-01' } });
    const id = theirs.data?.data.id ?? 0;
    const read = await server.client(token).GET('/api/v1/users/me/notes/{id}', { params: { path: { id: other } } });
    expect(read.data?.data.map((n) => n.id)).toContain(id);
    const del = await server.client(token).DELETE('/api/v1/users/me/notes/{id}', { params: { path: { id } } });
    expect(del.error?.status).toBe(403);
    const missing = await server
      .client(token)
      .DELETE('/api/v1/users/me/notes/{id}', { params: { path: { id: 999999 } } });
    expect(missing.error?.status).toBe(404);
    const nobody = await server
      .client(token)
      .GET('/api/v1/users/me/notes/{id}', { params: { path: { id: UNKNOWN_USER } } });
    expect(nobody.error?.status).toBe(404);
  });

  it('answers 422 naming every bad field and bad path parameters', async () => {
    const client = server.client(token);
    const bad = await client.POST('/api/v1/users/me/notes/store', {
      // @ts-expect-error wrong on purpose
      body: { title: 'ab', date: 'someday', colour: 'red' },
    });
    expect(bad.error?.status).toBe(422);
    expect(Object.keys(bad.error?.fieldErrors ?? {}).sort()).toEqual(['colour', 'date', 'note', 'title']);
    const badUser = await client.GET('/api/v1/users/me/notes/{id}', { params: { path: { id: 'someone' } } });
    expect(badUser.error?.fieldErrors).toHaveProperty('id');
    // @ts-expect-error a string where the note id is an integer
    const badId = await client.DELETE('/api/v1/users/me/notes/{id}', { params: { path: { id: 'abc' } } });
    expect(badId.error?.status).toBe(422);
    expect(badId.error?.fieldErrors).toHaveProperty('id');
  });

  it('needs a token (401)', async () => {
    const { error } = await server.client().POST('/api/v1/users/me/notes/store', {
      body: { title: 'Title', note: 'Note', date: '2026-01-01' },
    });
    expect(error?.status).toBe(401);
  });
});

describe('clubs', () => {
  it('adds a club with a position, lists it and detaches it', async () => {
    const client = server.client(token);
    const stored = await client.POST('/api/v1/users/me/clubs/store', {
      body: { name: 'Chess Club', position: 'Captain' },
    });
    expect(stored.response?.status).toBe(201);
    const club = stored.data?.data;
    expect(club).toMatchObject({ name: 'Chess Club', position: 'Captain' });
    const list = await client.GET('/api/v1/users/me/clubs/{userId}', { params: { path: { userId: me } } });
    expect(list.data?.data).toContainEqual(club);
    const removed = await client.DELETE('/api/v1/users/me/clubs/{id}/detach', {
      params: { path: { id: club?.id ?? 0 } },
    });
    expect(removed.data?.data).toEqual(club);
    const again = await client.DELETE('/api/v1/users/me/clubs/{id}/detach', {
      params: { path: { id: club?.id ?? 0 } },
    });
    expect(again.error?.status).toBe(404);
  });

  it("cannot detach another user's club (403); 422 without a position", async () => {
    const theirs = await server
      .client(otherToken)
      .POST('/api/v1/users/me/clubs/store', { body: { name: 'Sailing Club', position: 'Member' } });
    const res = await server
      .client(token)
      .DELETE('/api/v1/users/me/clubs/{id}/detach', { params: { path: { id: theirs.data?.data.id ?? 0 } } });
    expect(res.error?.status).toBe(403);
    // @ts-expect-error position missing on purpose
    const bad = await server.client(token).POST('/api/v1/users/me/clubs/store', { body: { name: 'Chess Club' } });
    expect(bad.error?.fieldErrors).toEqual({ position: ['is required'] });
    const list = await server
      .client(token)
      .GET('/api/v1/users/me/clubs/{userId}', { params: { path: { userId: UNKNOWN_USER } } });
    expect(list.error?.status).toBe(404);
  });
});

describe.each([
  [
    'interests',
    '/api/v1/users/me/interests/store',
    '/api/v1/users/me/interests/{userId}',
    '/api/v1/users/me/interests/{id}/detach',
  ],
  [
    'directions',
    '/api/v1/users/me/directions/store',
    '/api/v1/users/me/directions/{userId}',
    '/api/v1/users/me/directions/{id}/detach',
  ],
] as const)('%s', (_kind, storePath, listPath, detachPath) => {
  it('adds by name, refuses a duplicate (409), lists and detaches', async () => {
    const client = server.client(token);
    const name = `Quantum Gardening ${storePath.length}`;
    const stored = await client.POST(storePath, { body: { name } });
    expect(stored.response?.status).toBe(201);
    const item = stored.data?.data;
    expect(item?.name).toBe(name);
    const dup = await client.POST(storePath, { body: { name: name.toUpperCase() } });
    expect(dup.error?.status).toBe(409);
    expect(dup.error?.fieldErrors).toHaveProperty('name');
    const list = await client.GET(listPath, { params: { path: { userId: me } } });
    expect(list.data?.data).toContainEqual(item);
    const theirs = await client.GET(listPath, { params: { path: { userId: other } } });
    expect(theirs.data?.data).toBeInstanceOf(Array);
    const forbidden = await server.client(otherToken).DELETE(detachPath, { params: { path: { id: item?.id ?? 0 } } });
    expect(forbidden.error?.status).toBe(403);
    const removed = await client.DELETE(detachPath, { params: { path: { id: item?.id ?? 0 } } });
    expect(removed.data?.data).toEqual(item);
    const gone = await client.DELETE(detachPath, { params: { path: { id: item?.id ?? 0 } } });
    expect(gone.error?.status).toBe(404);
  });

  it('answers 422 for an empty name and 401 without a token', async () => {
    const bad = await server.client(token).POST(storePath, { body: { name: '' } });
    expect(bad.error?.fieldErrors).toHaveProperty('name');
    const anon = await server.client().POST(storePath, { body: { name: 'Chess' } });
    expect(anon.error?.status).toBe(401);
  });
});

describe('interests', () => {
  it('carry a prefixed id', async () => {
    const { data } = await server
      .client(token)
      .POST('/api/v1/users/me/interests/store', { body: { name: 'Kite Surfing' } });
    expect(data?.data.prefixed_id).toMatch(/^int_[A-Za-z0-9_-]{16,}$/);
  });
});

describe('experiences', () => {
  it('stores a line against a known university (any case) and lists it, most recent first', async () => {
    const client = server.client(token);
    const stored = await client.POST('/api/v1/users/me/experiences/store', {
      body: { uni_name: 'harvard university', concern: 'Finance', year: 2099, degree: 'MBA' },
    });
    expect(stored.response?.status).toBe(201);
    expect(stored.data?.data).toMatchObject({
      university: { name: 'Harvard University' },
      concern: 'Finance',
      year: 2099,
    });
    const list = await client.GET('/api/v1/users/me/experiences');
    expect(list.data?.data[0]).toEqual(stored.data?.data);
  });

  it('creates the university record when it is unknown, reuses it, and lists it publicly only once three accounts use it', async () => {
    const client = server.client(token);
    const body = { uni_name: 'Université de Montréal', concern: 'Economics', year: 2015, degree: 'BA' };
    const first = await client.POST('/api/v1/users/me/experiences/store', { body });
    const second = await client.POST('/api/v1/users/me/experiences/store', {
      body: { ...body, uni_name: 'UNIVERSITÉ DE MONTRÉAL' },
    });
    expect(first.data?.data.university.id).toBe(second.data?.data.university.id);
    const listed = async () =>
      (
        await server.client().GET('/api/v1/general/get-all-resource/', {
          params: { query: { resource: 'University', q: 'montréal' } },
        })
      ).data?.data.data;
    // One account typing a name (twice) does not publish it to everyone, signed out included.
    expect(await listed()).toEqual([]);
    const [, second2, third] = server.store.accounts.first(3);
    await server.client(await server.login(second2?.email)).POST('/api/v1/users/me/experiences/store', { body });
    expect(await listed()).toEqual([]);
    await server.client(await server.login(third?.email)).POST('/api/v1/users/me/experiences/store', { body });
    expect(await listed()).toEqual([first.data?.data.university]);
  });

  it("lists another user's experiences read-only (proposed listUserExperiences)", async () => {
    const res = await server.client(token).GET('/api/v1/users/{id}/experiences', { params: { path: { id: other } } });
    expect(res.data?.data.length).toBeGreaterThan(0);
    const missing = await server
      .client(token)
      .GET('/api/v1/users/{id}/experiences', { params: { path: { id: UNKNOWN_USER } } });
    expect(missing.error?.status).toBe(404);
  });

  it('answers 422 naming every missing field, 401 without a token', async () => {
    // @ts-expect-error empty on purpose
    const bad = await server.client(token).POST('/api/v1/users/me/experiences/store', { body: {} });
    expect(Object.keys(bad.error?.fieldErrors ?? {}).sort()).toEqual(['concern', 'degree', 'uni_name', 'year']);
    expect((await server.client().GET('/api/v1/users/me/experiences')).error?.status).toBe(401);
  });
});
