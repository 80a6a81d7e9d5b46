import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, startServer, type TestServer } from './helpers.ts';
import { userStreams } from './sse.ts';

let server: TestServer;
const openStream = userStreams();
beforeAll(async () => {
  server = await startServer({
    seed: { users: 40, channels: 4 },
    options: { authLimits: { registerPerAddress: 1000 } },
  });
});
afterAll(() => server.close());

let n = 0;
type Named = Person & { name: string };
const PASSWORD = 'test-pass-1';
/** A new account (password `test-pass-1`) with a name nobody else has. */
const person = async (): Promise<Named> => {
  const name = `Settingscase${++n}x${Date.now()}`;
  return { ...(await server.register({ first_name: 'Sam', last_name: name })), name };
};
/** Signs the person in once more: a second session (device). */
const secondSession = async (p: Person) => {
  const res = await server.client().POST('/api/v1/login', {
    body: { uniName: 'Test University', email: p.email, password: PASSWORD },
  });
  const token = res.data?.data.access_token ?? '';
  return { token, api: server.client(token) };
};
const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const connect = async (a: Person, b: Person) => {
  const id = (await a.api.POST('/api/v1/users/{id}/connect', { params: { path: { id: b.id } } })).data?.data.id ?? 0;
  await b.api.POST('/api/v1/connections/{id}/accept', { params: { path: { id } } });
};
const profileOf = async (viewer: Person, id: string) =>
  (await viewer.api.GET('/api/v1/users/{id}', { params: { path: { id } } })).data?.data;

describe('changing the password', () => {
  it('needs the current password and matching new ones, naming the bad field', async () => {
    const a = await person();
    const wrong = await a.api.PUT('/api/v1/users/me/password', {
      body: { current_password: 'not-it', password: 'new-pass-2', password_confirmation: 'new-pass-2' },
    });
    expect(wrong.error).toMatchObject({ status: 422, fieldErrors: { current_password: [expect.any(String)] } });
    const mismatch = await a.api.PUT('/api/v1/users/me/password', {
      body: { current_password: PASSWORD, password: 'new-pass-2', password_confirmation: 'new-pass-3' },
    });
    expect(mismatch.error).toMatchObject({ status: 422, fieldErrors: { password_confirmation: [expect.any(String)] } });
    const short = await a.api.PUT('/api/v1/users/me/password', {
      body: { current_password: PASSWORD, password: 'x', password_confirmation: 'x' },
    });
    expect(short.error?.status).toBe(422);
    expect(Object.keys(short.error?.fieldErrors ?? {})).toEqual(expect.arrayContaining(['password']));
  });

  it('signs out every other session (its stream closes) and keeps this one; the new password signs in, the old does not', async () => {
    const a = await person();
    const other = await secondSession(a);
    const otherStream = await openStream(server.baseUrl, other.token);
    const changed = await a.api.PUT('/api/v1/users/me/password', {
      body: { current_password: PASSWORD, password: 'new-pass-2', password_confirmation: 'new-pass-2' },
    });
    expect(changed.response?.status).toBe(200);
    expect((await other.api.GET('/api/v1/users/me')).error?.status).toBe(401);
    await until(otherStream.ended);
    expect((await a.api.GET('/api/v1/users/me')).data?.data.id).toBe(a.id);
    const login = (password: string) =>
      server.client().POST('/api/v1/login', { body: { uniName: 'Test University', email: a.email, password } });
    expect((await login(PASSWORD)).error?.status).toBe(401);
    expect((await login('new-pass-2')).response?.status).toBe(200);
  });

  it('answers 429 with Retry-After after ten wrong current passwords in a minute', async () => {
    const a = await person();
    const body = { current_password: 'guess', password: 'new-pass-2', password_confirmation: 'new-pass-2' };
    for (let i = 0; i < 10; i++)
      expect((await a.api.PUT('/api/v1/users/me/password', { body })).error?.status).toBe(422);
    const limited = await a.api.PUT('/api/v1/users/me/password', { body });
    expect(limited.error?.status).toBe(429);
    expect(limited.response?.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('sessions', () => {
  it('lists my sessions with the current one marked, never a token; ends one, or all the others', async () => {
    const a = await person();
    const two = await secondSession(a);
    const three = await secondSession(a);
    const listed = (await a.api.GET('/api/v1/users/me/sessions')).data;
    expect(listed?.meta.total).toBe(3);
    expect(listed?.data.filter((s) => s.current)).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(a.token);
    const seenByTwo = (await two.api.GET('/api/v1/users/me/sessions')).data?.data ?? [];
    const twoId = seenByTwo.find((s) => s.current)?.id ?? '';
    const stream = await openStream(server.baseUrl, two.token);

    const ended = await a.api.DELETE('/api/v1/users/me/sessions/{id}', { params: { path: { id: twoId } } });
    expect(ended.response?.status).toBe(200);
    expect((await two.api.GET('/api/v1/users/me')).error?.status).toBe(401);
    await until(stream.ended);
    expect((await three.api.GET('/api/v1/users/me')).response?.status).toBe(200);

    const again = await a.api.DELETE('/api/v1/users/me/sessions/{id}', { params: { path: { id: twoId } } });
    expect(again.error?.status).toBe(404);

    const all = await a.api.DELETE('/api/v1/users/me/sessions');
    expect(all.data?.data).toEqual({ ended: 1 });
    expect((await three.api.GET('/api/v1/users/me')).error?.status).toBe(401);
    expect((await a.api.GET('/api/v1/users/me/sessions')).data?.meta.total).toBe(1);
  });

  it("answers 404 for another person's session id and ends nothing", async () => {
    const [a, b] = [await person(), await person()];
    const bId = (await b.api.GET('/api/v1/users/me/sessions')).data?.data[0]?.id ?? '';
    const res = await a.api.DELETE('/api/v1/users/me/sessions/{id}', { params: { path: { id: bId } } });
    expect(res.error?.status).toBe(404);
    expect((await b.api.GET('/api/v1/users/me')).response?.status).toBe(200);
  });
});

describe('privacy and notification settings', () => {
  it('start at connections-only and every notification on; a patch changes only what it names', async () => {
    const a = await person();
    const initial = (await a.api.GET('/api/v1/users/me/settings')).data?.data;
    expect(initial).toEqual({
      contact_visibility: { email: 'connections', phone: 'connections' },
      notifications: {
        connection_invited: true,
        connection_accepted: true,
        group_invited: true,
        group_added: true,
        message_pinned: true,
        call_missed: true,
        post_liked: true,
        post_commented: true,
      },
    });
    const patched = await a.api.PATCH('/api/v1/users/me/settings', {
      body: { contact_visibility: { phone: 'nobody' } },
    });
    expect(patched.data?.data.contact_visibility).toEqual({ email: 'connections', phone: 'nobody' });
    expect(patched.data?.data.notifications).toEqual(initial?.notifications);
  });

  it('refuses unknown keys and values, naming them', async () => {
    const a = await person();
    const res = await server.client(a.token).PATCH('/api/v1/users/me/settings', {
      // biome-ignore lint/suspicious/noExplicitAny: a body the contract forbids, on purpose
      body: { contact_visibility: { email: 'friends-of-friends' }, colour: 'blue' } as any,
    });
    expect(res.error?.status).toBe(422);
    expect(Object.keys(res.error?.fieldErrors ?? {})).toEqual(
      expect.arrayContaining(['contact_visibility.email', 'colour']),
    );
  });

  it('shows e-mail and phone as each setting says: everyone, connections, nobody', async () => {
    const [owner, friend, stranger] = [await person(), await person(), await person()];
    await owner.api.PATCH('/api/v1/users/me', { body: { phone: '+1 555 0199' } });
    await connect(owner, friend);
    expect(await profileOf(friend, owner.id)).toMatchObject({ email: owner.email, phone: '+1 555 0199' });
    expect(await profileOf(stranger, owner.id)).not.toHaveProperty('email');

    await owner.api.PATCH('/api/v1/users/me/settings', { body: { contact_visibility: { email: 'everyone' } } });
    const seen = await profileOf(stranger, owner.id);
    expect(seen).toMatchObject({ email: owner.email });
    expect(seen).not.toHaveProperty('phone');

    await owner.api.PATCH('/api/v1/users/me/settings', {
      body: { contact_visibility: { email: 'nobody', phone: 'nobody' } },
    });
    const byFriend = await profileOf(friend, owner.id);
    expect(byFriend).not.toHaveProperty('email');
    expect(byFriend).not.toHaveProperty('emails');
    expect(byFriend).not.toHaveProperty('phone');
    const friends = (await friend.api.GET('/api/v1/users/me/friends')).data ?? [];
    expect(friends.find((f) => f.id === owner.id)).toBeDefined();
    expect(friends.find((f) => f.id === owner.id)).not.toHaveProperty('email');
    // The owner always sees their own.
    expect(await profileOf(owner, owner.id)).toMatchObject({ email: owner.email, phone: '+1 555 0199' });
  });

  it('records no notification of a kind turned off, and still the others', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    await a.api.PATCH('/api/v1/users/me/settings', { body: { notifications: { connection_invited: false } } });
    await b.api.POST('/api/v1/users/{id}/connect', { params: { path: { id: a.id } } });
    expect((await a.api.GET('/api/v1/users/me/notifications')).data?.data).toEqual([]);
    await a.api.POST('/api/v1/users/{id}/connect', { params: { path: { id: c.id } } });
    const id = (await c.api.GET('/api/v1/users/me/connections', { params: { query: { direction: 'incoming' } } })).data
      ?.data[0]?.id;
    await c.api.POST('/api/v1/connections/{id}/accept', { params: { path: { id: id ?? 0 } } });
    expect((await a.api.GET('/api/v1/users/me/notifications')).data?.data.map((x) => x.kind)).toEqual([
      'connection_accepted',
    ]);
  });
});

describe('deleting the account', () => {
  it('needs the password', async () => {
    const a = await person();
    const res = await a.api.POST('/api/v1/users/me/delete', { body: { password: 'not-it' } });
    expect(res.error).toMatchObject({ status: 422, fieldErrors: { password: [expect.any(String)] } });
    expect((await a.api.GET('/api/v1/users/me')).response?.status).toBe(200);
  });

  it('removes the account everywhere; its group messages stay from nobody; its one-to-one chat stays, closed', async () => {
    const [gone, friend, other] = [await person(), await person(), await person()];
    await connect(gone, friend);
    const group =
      (
        await friend.api.POST('/api/v1/users/channels/store', {
          body: { name: 'Stays', description: 'x', tags: [], is_closed: false, users: [gone.id, other.id] },
        })
      ).data?.data.id ?? '';
    const direct =
      (
        await friend.api.POST('/api/v1/users/channels/store', {
          body: { name: 'dm', description: 'x', tags: [], is_closed: true, users: [gone.id], is_direct: true },
        })
      ).data?.data.id ?? '';
    await gone.api.POST('/api/v1/channels/{id}/messages', {
      params: { path: { id: group } },
      body: { message: 'bye' },
    });
    const list =
      (await other.api.POST('/api/v1/users/me/saved-lists', { body: { name: 'L', user_ids: [gone.id, friend.id] } }))
        .data?.data.id ?? 0;
    const second = await secondSession(gone);
    const stream = await openStream(server.baseUrl, second.token);
    const groupStream = await openStream(server.baseUrl, other.token);

    const res = await gone.api.POST('/api/v1/users/me/delete', { body: { password: PASSWORD } });
    expect(res.response?.status).toBe(200);

    expect((await gone.api.GET('/api/v1/users/me')).error?.status).toBe(401);
    expect((await second.api.GET('/api/v1/users/me')).error?.status).toBe(401);
    await until(stream.ended);
    const login = await server.client().POST('/api/v1/login', {
      body: { uniName: 'Test University', email: gone.email, password: PASSWORD },
    });
    expect(login.error?.status).toBe(401);
    expect((await friend.api.GET('/api/v1/users/{id}', { params: { path: { id: gone.id } } })).error?.status).toBe(404);
    expect(((await friend.api.GET('/api/v1/users/me/friends')).data ?? []).map((f) => f.id)).not.toContain(gone.id);
    const search = (await other.api.GET('/api/v1/users/search', { params: { query: { q: gone.name } } })).data?.data;
    expect(search?.total).toBe(0);

    const channel = (await other.api.GET('/api/v1/channels/{id}', { params: { path: { id: group } } })).data?.data;
    expect(channel?.users).not.toContain(gone.id);
    await until(() => groupStream.events.some((e) => e.event === 'member'));
    const messages = (await other.api.GET('/api/v1/channels/{id}/get-messages', { params: { path: { id: group } } }))
      .data?.data;
    expect(messages?.find((m) => m.message === 'bye')?.sender_id).toBe(gone.id);

    const dm = (await friend.api.GET('/api/v1/channels/{id}', { params: { path: { id: direct } } })).data?.data;
    expect(dm?.name).toBe('Deleted user');
    const write = await friend.api.POST('/api/v1/channels/{id}/messages', {
      params: { path: { id: direct } },
      body: { message: 'hello?' },
    });
    expect(write.error).toMatchObject({ status: 403, message: 'This person deleted their account.' });

    const saved = (await other.api.GET('/api/v1/users/me/saved-lists/{id}', { params: { path: { id: list } } })).data
      ?.data;
    expect(saved?.members.map((m) => m.id)).toEqual([friend.id]);
    expect(saved?.count).toBe(1);
    expect(server.store.profile.notes.listFor(gone.id)).toEqual([]);
  });
});

describe('a password reset', () => {
  it('closes the streams of every session it signs out', async () => {
    const a = await person();
    const stream = await openStream(server.baseUrl, a.token);
    await server.client().POST('/api/v1/password/forgot', { body: { email: a.email } });
    const mail = (await (await fetch(`${server.baseUrl}/__mock/mail?to=${encodeURIComponent(a.email)}`)).json()) as {
      data: { link: string }[];
    };
    const token = new URL(mail.data[0]?.link ?? 'http://x').searchParams.get('token') ?? '';
    const reset = await server.client().POST('/api/v1/password/reset', {
      body: { token, password: 'new-pass-2', password_confirmation: 'new-pass-2' },
    });
    expect(reset.response?.status).toBe(200);
    await until(stream.ended);
  });
});
