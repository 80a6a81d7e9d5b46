import { type CohortClient, createCohortClient, type Schemas } from '@cohort/api';
import { demoSession, engineHandle, signInAs } from './engine.ts';

/**
 * Data a test needs, made the way any client makes it: @cohort/api's typed client answered by the
 * test engine (test/engine.ts), so what the screen shows next is what the real server would return.
 * Every write marks the engine for its reset after the test.
 */
export function engineClient(token: string = demoSession().token): CohortClient {
  return createCohortClient({
    baseUrl: 'http://engine.cohort.test',
    getToken: () => token,
    fetch: (input, init) => engineHandle(new Request(input, init)),
  });
}

/** The `data` of an answer a set-up step needs; a failed step throws with the engine's message. */
export async function ok<T>(result: Promise<{ data?: { data: T }; error?: unknown }>) {
  const { data, error } = await result;
  if (error || !data) throw new Error(`a set-up call failed: ${JSON.stringify(error)}`);
  return data.data;
}

/** The signed-in demo account as the engine holds it. */
export const seededMe = (client = engineClient()) => ok(client.GET('/api/v1/users/me'));

/** Stores a note for the demo account (or `client`'s user); the fields default to a coffee-chat note. */
export const seedNote = (over: Partial<Schemas['NoteInput']> = {}, client = engineClient()) =>
  ok(
    client.POST('/api/v1/users/me/notes/store', {
      body: { title: 'Coffee chat', note: 'Follow up next week.', date: '2026-11-18', ...over },
    }),
  );

/** The demo account's groups (`status` as the My Groups tabs ask). */
export const seededGroups = (status?: 'active' | 'inactive', client = engineClient()) =>
  ok(client.GET('/api/v1/users/me/channels', { params: { query: status ? { status } : {} } }));

/**
 * A pending group invitation for the demo account: a friend of theirs makes a closed group `name`
 * and invites them, as that friend would in their own app.
 */
export async function seedGroupInvite(name = 'Founders') {
  const { data: friends = [] } = await engineClient().GET('/api/v1/users/me/friends');
  const host = friends[0];
  if (!host) throw new Error('the test seed gives the demo account no friend');
  const as = engineClient(signInAs(host.id));
  const group = await ok(
    as.POST('/api/v1/users/channels/store', {
      body: { name, description: '', tags: [], is_closed: true, users: [] },
    }),
  );
  const [invite] = await ok(
    as.POST('/api/v1/channels/{id}/invites', {
      params: { path: { id: group.id } },
      body: { user_ids: [demoSession().id] },
    }),
  );
  if (!invite) throw new Error(`${name}: the invitation was not made`);
  return { invite, group, host };
}

/** The demo account's first friend (a connection: sees their contact details and lists). */
export async function seededFriend(client = engineClient()) {
  const { data: friends = [] } = await client.GET('/api/v1/users/me/friends');
  const [friend] = friends;
  if (!friend) throw new Error('the test seed gives the demo account no friend');
  return friend;
}

/** Seeded users who share a group with the demo account but no connection or invitation either way. */
export async function seededStrangers(client = engineClient()) {
  const me = demoSession().id;
  const { data: friends = [] } = await client.GET('/api/v1/users/me/friends');
  const pending = await Promise.all(
    (['incoming', 'outgoing'] as const).map((direction) =>
      ok(client.GET('/api/v1/users/me/connections', { params: { query: { direction } } })),
    ),
  );
  const known = new Set([
    me,
    ...friends.map((f) => f.id),
    ...pending.flat().flatMap((c) => [c.from_user_id, c.to_user_id]),
  ]);
  const groups = await seededGroups(undefined, client);
  const strangers = [...new Set(groups.flatMap((g) => g.users))].filter((u) => !known.has(u));
  if (strangers.length === 0) throw new Error('the test seed gives the demo account no stranger in a group');
  return strangers;
}

/** The first of `seededStrangers`. */
export const seededStranger = async (client = engineClient()) => (await seededStrangers(client))[0] as string;

/** An invitation to connect from `from` to `to` (user ids), sent through the API as `from`. */
export const seedInvitation = (from: string, to: string) =>
  ok(engineClient(signInAs(from)).POST('/api/v1/users/{id}/connect', { params: { path: { id: to } } }));

/** A message in group `channelId`, sent through the API by the user of `client` (the demo account by default). */
export const seedMessage = (channelId: string, message: string, client = engineClient()) =>
  ok(client.POST('/api/v1/channels/{id}/messages', { params: { path: { id: channelId } }, body: { message } }));
