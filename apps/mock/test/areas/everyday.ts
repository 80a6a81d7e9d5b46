import { expect } from 'vitest';
import { type AreaWriter, connect, type Item, listHas } from './api.ts';

/** Calendar events: one timed with people, video and a colour; one all-day with the default reminder. */
export const writeCalendar: AreaWriter = async (http) => {
  const a = await http.register('Cal');
  const b = await http.register('Cam');
  await http.call('POST', '/api/v1/users/me/events', a.token, {
    title: 'Kept event',
    all_day: false,
    start: '2026-12-01T10:00:00.000Z',
    end: '2026-12-01T11:00:00.000Z',
    people: [b.id],
    video: true,
    location: 'Room 101',
    reminder_minutes: 10,
    color: 'blue',
  });
  await http.call('POST', '/api/v1/users/me/events', a.token, {
    title: 'Kept all-day event',
    all_day: true,
    start: '2026-12-02T00:00:00.000Z',
    end: '2026-12-03T00:00:00.000Z',
  });
  return {
    views: { events: { token: a.token, path: '/api/v1/users/me/events' } },
    check: (seen) => {
      listHas(seen.events, { title: 'Kept event', video: true, location: 'Room 101', reminder_minutes: 10 });
      listHas(seen.events, { title: 'Kept all-day event', all_day: true, reminder_minutes: 30 });
    },
  };
};

/** Notifications: one marked read, then all of another person's. */
export const writeNotifications: AreaWriter = async (http) => {
  const a = await http.register('Nia');
  const b = await http.register('Ned');
  const c = await http.register('Nat');
  await connect(http, b, a);
  await http.call('POST', `/api/v1/users/${a.id}/connect`, c.token);
  const [newest] = await http.call<Item[]>('GET', '/api/v1/users/me/notifications', a.token);
  await http.call('POST', `/api/v1/notifications/${newest?.id}/read`, a.token);
  // B hears that A accepted; then A adds B to a group.
  const group = { name: 'Kept notice group', description: '', tags: [], is_closed: true, users: [] };
  const made = await http.call('POST', '/api/v1/users/channels/store', a.token, group);
  await http.call('POST', `/api/v1/channels/${made.id}/members`, a.token, { user_ids: [b.id] });
  await http.call('POST', '/api/v1/users/me/notifications/read', b.token);
  return {
    views: {
      a: { token: a.token, path: '/api/v1/users/me/notifications' },
      b: { token: b.token, path: '/api/v1/users/me/notifications' },
    },
    check: (seen) => {
      expect(seen.a).toMatchObject({
        data: [
          { id: newest?.id, kind: 'connection_invited', read_at: expect.any(String) },
          { kind: 'connection_invited', read_at: null },
        ],
        meta: { unread_count: 1 },
      });
      expect(seen.b).toMatchObject({
        data: [
          { kind: 'group_added', read_at: expect.any(String) },
          { kind: 'connection_accepted', read_at: expect.any(String) },
        ],
        meta: { unread_count: 0 },
      });
    },
  };
};

/** Settings: who sees the phone and e-mail, and which notifications are sent. */
export const writeSettings: AreaWriter = async (http) => {
  const a = await http.register('Set');
  const b = await http.register('Sam');
  await connect(http, a, b);
  await http.call('PATCH', '/api/v1/users/me', a.token, { phone: '+1 555 0199' });
  await http.call('PATCH', '/api/v1/users/me/settings', a.token, {
    contact_visibility: { phone: 'nobody', email: 'everyone' },
    notifications: { message_pinned: false, post_liked: false },
  });
  return {
    views: {
      settings: { token: a.token, path: '/api/v1/users/me/settings' },
      asSeen: { token: b.token, path: `/api/v1/users/${a.id}` },
    },
    check: (seen) => {
      expect(seen.settings).toMatchObject({
        data: {
          contact_visibility: { phone: 'nobody', email: 'everyone' },
          notifications: { message_pinned: false, post_liked: false, post_commented: true },
        },
      });
      expect(seen.asSeen).toMatchObject({ data: { id: a.id, email: a.email } });
      expect((seen.asSeen as { data: Item }).data.phone ?? null).toBeNull();
    },
  };
};

/** People Nearby: one shared position kept, one shared and stopped. */
export const writeNearby: AreaWriter = async (http) => {
  const a = await http.register('Nea');
  const b = await http.register('Neb');
  const c = await http.register('Nec');
  // Far from every seeded campus, so only these people are near.
  await http.call('PUT', '/api/v1/users/me/location', a.token, { latitude: 64.1466, longitude: -21.9426 });
  await http.call('PUT', '/api/v1/users/me/location', b.token, { latitude: 64.1467, longitude: -21.9427 });
  await http.call('PUT', '/api/v1/users/me/location', c.token, { latitude: 64.1468, longitude: -21.9428 });
  await http.call('DELETE', '/api/v1/users/me/location', c.token);
  return {
    views: {
      a: { token: a.token, path: '/api/v1/users/me/location' },
      c: { token: c.token, path: '/api/v1/users/me/location' },
      near: { token: a.token, path: '/api/v1/users/nearby' },
    },
    check: (seen) => {
      expect(seen.a).toMatchObject({ data: { sharing: true, latitude: expect.any(Number) } });
      expect(seen.c).toMatchObject({ data: { sharing: false } });
      expect(seen.near).toMatchObject({ data: { sharing: true, total: 1, data: [{ person: { id: b.id } }] } });
    },
  };
};

/** Calls: answered (with a relayed signal) and hung up, declined, cancelled, and missed (rang out on the mock clock). */
export const writeCalls: AreaWriter = async (http) => {
  const a = await http.register('Ray');
  const b = await http.register('Rio');
  const ring = (kind: 'audio' | 'video') => http.call('POST', '/api/v1/calls', a.token, { user_id: b.id, kind });
  const answered = await ring('video');
  await http.call('POST', `/api/v1/calls/${answered.id}/accept`, b.token);
  await http.call('POST', `/api/v1/calls/${answered.id}/signal`, a.token, { type: 'offer', sdp: 'v=0 kept' });
  await http.call('POST', `/api/v1/calls/${answered.id}/hangup`, b.token);
  const declined = await ring('audio');
  await http.call('POST', `/api/v1/calls/${declined.id}/decline`, b.token);
  const cancelled = await ring('audio');
  await http.call('POST', `/api/v1/calls/${cancelled.id}/hangup`, a.token);
  const missed = await ring('audio');
  const clock = await fetch(`${http.baseUrl}/__mock/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance_ms: 31_000 }),
  });
  expect(clock.status).toBe(200);
  // Listing ends what rang too long (a timer does too).
  await http.call('GET', '/api/v1/calls', a.token);
  return {
    views: {
      a: { token: a.token, path: '/api/v1/calls' },
      b: { token: b.token, path: '/api/v1/calls' },
      bNotices: { token: b.token, path: '/api/v1/users/me/notifications' },
    },
    check: (seen) => {
      expect(seen.a).toMatchObject({
        data: [
          { id: missed.id, status: 'ended', end_reason: 'missed', direction: 'outgoing' },
          { id: cancelled.id, status: 'ended', end_reason: 'cancelled' },
          { id: declined.id, status: 'ended', end_reason: 'declined' },
          { id: answered.id, status: 'ended', end_reason: 'completed', kind: 'video', answered_at: expect.any(String) },
        ],
      });
      listHas(seen.b, { id: missed.id, direction: 'incoming' });
      expect(seen.bNotices).toMatchObject({ data: [{ kind: 'call_missed', call_id: missed.id }] });
    },
  };
};
