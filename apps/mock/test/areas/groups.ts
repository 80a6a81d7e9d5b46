import { expect } from 'vitest';
import { type AreaWriter, type Item, listHas, listLacks } from './api.ts';

const group = (name: string, closed: boolean, users: string[] = []) => ({
  name,
  description: `${name}, made before the crash`,
  tags: [],
  is_closed: closed,
  users,
});

/**
 * Channels and groups: new groups, follow and unfollow, reactivation of an inactive group, members
 * added, invitations accepted and declined, a join and a leave.
 */
export const writeGroups: AreaWriter = async (http) => {
  const demo = await http.login();
  const b = await http.register('Gil');
  const c = await http.register('Gus');
  const closed = await http.call('POST', '/api/v1/users/channels/store', demo, group('Kept closed group', true));
  const open = await http.call('POST', '/api/v1/users/channels/store', demo, group('Kept open group', false));
  await http.call('POST', `/api/v1/channels/${closed.id}/follow`, demo);
  await http.call('POST', `/api/v1/channels/${open.id}/follow`, demo);
  await http.call('DELETE', `/api/v1/channels/${open.id}/follow`, demo);
  const [inactive] = await http.call<Item[]>('GET', '/api/v1/users/me/channels?status=inactive', demo);
  if (!inactive) throw new Error('the demo account has no inactive group to reactivate');
  await http.call('POST', `/api/v1/channels/${inactive.id}/reactivate`, demo);

  await http.call('POST', `/api/v1/channels/${closed.id}/invites`, demo, { user_ids: [b.id, c.id] });
  const invitation = async (token: string) =>
    (await http.call<Item[]>('GET', '/api/v1/users/me/channel-invites', token))[0];
  await http.call('POST', `/api/v1/channel-invites/${(await invitation(b.token))?.id}/accept`, b.token);
  await http.call('POST', `/api/v1/channel-invites/${(await invitation(c.token))?.id}/decline`, c.token);
  await http.call('POST', `/api/v1/channels/${open.id}/members`, demo, { user_ids: [c.id] });
  await http.call('POST', `/api/v1/users/channels/${open.id}/leave`, c.token);
  await http.call('POST', `/api/v1/channels/${open.id}/join`, b.token);

  return {
    views: {
      demoActive: { token: demo, path: '/api/v1/users/me/channels?status=active' },
      demoInactive: { token: demo, path: '/api/v1/users/me/channels?status=inactive' },
      closed: { token: b.token, path: `/api/v1/channels/${closed.id}` },
      open: { token: demo, path: `/api/v1/channels/${open.id}` },
      bGroups: { token: b.token, path: '/api/v1/users/me/channels' },
      cGroups: { token: c.token, path: '/api/v1/users/me/channels' },
      bInvites: { token: b.token, path: '/api/v1/users/me/channel-invites' },
      cInvites: { token: c.token, path: '/api/v1/users/me/channel-invites' },
    },
    check: (seen) => {
      listHas(seen.demoActive, { id: closed.id, name: 'Kept closed group', is_following: true });
      listHas(seen.demoActive, { id: open.id, is_following: false });
      listHas(seen.demoActive, { id: inactive.id, status: 'active' });
      listLacks(seen.demoInactive, { id: inactive.id });
      expect(seen.closed).toMatchObject({ data: { id: closed.id, is_closed: true } });
      const members = (view: unknown) =>
        (view as { data: { members: { id: string }[] } }).data.members.map((u) => u.id);
      expect(members(seen.closed)).toContain(b.id);
      expect(members(seen.closed)).not.toContain(c.id);
      expect(members(seen.open)).toContain(b.id);
      expect(members(seen.open)).not.toContain(c.id);
      listHas(seen.bGroups, { id: closed.id });
      listHas(seen.bGroups, { id: open.id });
      expect(seen.cGroups).toMatchObject({ data: [] });
      expect(seen.bInvites).toMatchObject({ data: [] });
      expect(seen.cInvites).toMatchObject({ data: [] });
    },
    after: async (again) => {
      // Who left can join again; who joined is a member already.
      expect((await again.send('POST', `/api/v1/channels/${open.id}/join`, b.token)).status).toBe(409);
      expect((await again.send('POST', `/api/v1/channels/${open.id}/join`, c.token)).status).toBe(200);
    },
  };
};
