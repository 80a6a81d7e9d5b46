import { DEMO_ACCOUNT, SEEDED_PASSWORD } from '../src/seed/index.ts';

/**
 * One write in every area of the store, through the API (works against any running mock): profile
 * items, the profile itself, sign-in and sign-out, registration, groups and messages, pins, mutes,
 * read marks, reports, calendar events, saved lists, connections, blocks, settings, a shared location, a call,
 * invitations, follows,
 * joins and leaves. Every step must succeed. Returns the GETs whose answers show all of it, per token.
 */
export async function writeInEveryArea(baseUrl: string): Promise<{ token: string; views: string[] }[]> {
  const call = async (method: string, path: string, token: string | undefined, body?: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as { data: unknown };
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json.data as Record<string, unknown> & Record<string, unknown>[];
  };
  const login = async (email: string, uniName: string) =>
    String(
      (await call('POST', '/api/v1/login', undefined, { uniName, email, password: SEEDED_PASSWORD })).access_token,
    );

  const a = await login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.university);
  const spare = await login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.university);
  await call('POST', '/api/v1/logout', spare);
  const me = await call('GET', '/api/v1/users/me', a);
  const meId = String(me.id);
  const registered = await call('POST', '/api/v1/register', undefined, {
    university_name: 'Persistence Polytechnic',
    email: `persist-${Date.now()}@cohort.test`,
    password: 'persist-pass-1',
    graduation_year: 2027,
    first_name: 'Pat',
    last_name: 'Persist',
  });
  const b = String(registered.access_token);
  const bId = String((await call('GET', '/api/v1/users/me', b)).id);

  await call('PATCH', '/api/v1/users/me', a, { phone: '+1 555 0100', description: 'Kept across restarts' });
  await call('POST', '/api/v1/users/me/notes/store', a, { title: 'Kept note', note: 'Survives', date: '2026-11-24' });
  const gone = await call('POST', '/api/v1/users/me/notes/store', a, {
    title: 'Gone',
    note: 'Deleted',
    date: '2026-11-24',
  });
  await call('DELETE', `/api/v1/users/me/notes/${gone.id}`, a);
  await call('POST', '/api/v1/users/me/clubs/store', a, { name: 'Rowing Club', position: 'Captain' });
  await call('POST', '/api/v1/users/me/interests/store', a, { name: 'Persistence' });
  await call('POST', '/api/v1/users/me/directions/store', a, { name: 'Databases' });
  await call('POST', '/api/v1/users/me/experiences/store', a, {
    uni_name: 'Persistence Polytechnic',
    concern: 'Storage',
    year: 2020,
    degree: 'BS',
  });

  const group = await call('POST', '/api/v1/users/channels/store', a, {
    name: 'Kept group',
    description: 'Made before the crash',
    tags: [],
    is_closed: false,
    users: [],
  });
  const groupId = String(group.id);
  const message = await call('POST', `/api/v1/channels/${groupId}/messages`, a, { message: 'Kept message' });
  await call('POST', `/api/v1/channels/${groupId}/pin/${message.id}`, a);
  await call('POST', `/api/v1/channels/${groupId}/mute`, a);
  await call('POST', `/api/v1/channels/${groupId}/read`, a);
  await call('POST', `/api/v1/channels/${groupId}/follow`, a);
  await call('POST', `/api/v1/channels/${groupId}/invites`, a, { user_ids: [bId] });
  const invites = await call('GET', '/api/v1/users/me/channel-invites', b);
  await call('POST', `/api/v1/channel-invites/${invites[0]?.id}/accept`, b);
  await call('POST', `/api/v1/messages/${message.id}/report`, b, { reason: 'spam' });
  await call('POST', `/api/v1/channels/${groupId}/messages`, b, { message: 'Reply from B' });
  const open = await call('POST', '/api/v1/users/channels/store', a, {
    name: 'Open group',
    description: 'Joined and left',
    tags: [],
    is_closed: false,
    users: [],
  });
  await call('POST', `/api/v1/channels/${open.id}/join`, b);
  await call('POST', `/api/v1/users/channels/${open.id}/leave`, b);
  await call('POST', '/api/v1/users/me/events', a, {
    title: 'Kept event',
    all_day: false,
    start: '2026-12-01T10:00:00Z',
    end: '2026-12-01T11:00:00Z',
  });
  const list = await call('POST', '/api/v1/users/me/saved-lists', a, { name: 'Kept list', user_ids: [bId] });
  await call('DELETE', `/api/v1/users/me/saved-lists/${list.id}`, a);
  await call('POST', `/api/v1/users/me/saved-lists/${list.id}/restore`, a);
  await call('POST', `/api/v1/users/${bId}/connect`, a);
  // A block that ends one of the seed's connections.
  // (The friend list is the spec's bare array, not an envelope.)
  const friends = (await (
    await fetch(`${baseUrl}/api/v1/users/me/friends`, { headers: { authorization: `Bearer ${a}` } })
  ).json()) as { id: string }[];
  if (!friends[0]) throw new Error('the demo account has no friend to block');
  await call('PUT', `/api/v1/users/${friends[0].id}/block`, a);
  await call('PUT', '/api/v1/users/me/location', a, { latitude: 37.4275, longitude: -122.1697 });
  const rang = await call('POST', '/api/v1/calls', a, { user_id: bId, kind: 'audio' });
  await call('POST', `/api/v1/calls/${rang.id}/hangup`, a);
  await call('PATCH', '/api/v1/users/me/settings', a, {
    contact_visibility: { phone: 'nobody' },
    notifications: { message_pinned: false },
  });
  const post = await call('POST', '/api/v1/posts', a, { text: 'Kept post', channel_id: groupId });
  await call('PUT', `/api/v1/posts/${post.id}/like`, b);
  await call('POST', `/api/v1/posts/${post.id}/comments`, b, { text: 'Kept comment' });
  const dropped = await call('POST', `/api/v1/posts/${post.id}/comments`, b, { text: 'Deleted comment' });
  await call('DELETE', `/api/v1/comments/${dropped.id}`, a);
  await call('POST', `/api/v1/posts/${post.id}/report`, b, { reason: 'other' });
  const gonePost = await call('POST', '/api/v1/posts', a, { text: 'Deleted post' });
  await call('DELETE', `/api/v1/posts/${gonePost.id}`, a);
  await call('POST', '/api/v1/stories', b, { text: 'Kept story', background: 'ocean' });

  return [
    {
      token: a,
      views: [
        '/api/v1/users/me',
        `/api/v1/users/me/notes/${meId}`,
        `/api/v1/users/me/clubs/${meId}`,
        `/api/v1/users/me/interests/${meId}`,
        `/api/v1/users/me/directions/${meId}`,
        '/api/v1/users/me/experiences',
        '/api/v1/users/me/channels',
        `/api/v1/channels/${groupId}/get-messages`,
        `/api/v1/users/${bId}`,
        '/api/v1/users/me/events',
        '/api/v1/users/me/saved-lists',
        `/api/v1/users/me/saved-lists/${list.id}`,
        '/api/v1/users/me/friends',
        '/api/v1/users/me/blocks',
        '/api/v1/users/me/settings',
        '/api/v1/users/me/location',
        '/api/v1/calls',
        '/api/v1/users/me/feed',
        `/api/v1/posts/${post.id}/comments`,
        '/api/v1/users/me/notifications',
      ],
    },
    {
      token: b,
      views: [
        '/api/v1/users/me',
        '/api/v1/users/me/channels',
        '/api/v1/users/me/channel-invites',
        `/api/v1/users/${meId}/posts`,
        '/api/v1/users/me/stories',
      ],
    },
  ];
}

/** The answers of `views`, to compare before and after a restart (`online_count` moves with the clock). */
export async function readViews(baseUrl: string, sets: { token: string; views: string[] }[]): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const { token, views } of sets) {
    for (const path of views) {
      const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
      out.push({ path, status: res.status, body: await res.json() });
    }
  }
  return out;
}
