import { expect } from 'vitest';
import { type AreaWriter, connect, listHas, listLacks } from './api.ts';

/**
 * Connections (invited and accepted, declined, withdrawn, removed), saved lists (made, deleted,
 * restored, a member removed) and blocks (one that ends a connection, one lifted again).
 */
export const writeSocial: AreaWriter = async (http) => {
  const a = await http.register('Sol');
  const [friend, decliner, withdrawn, removed, blocked, unblocked] = [
    await http.register('Fay'),
    await http.register('Dex'),
    await http.register('Wyn'),
    await http.register('Rex'),
    await http.register('Bly'),
    await http.register('Una'),
  ];
  await connect(http, a, friend);
  const declined = await http.call('POST', `/api/v1/users/${decliner.id}/connect`, a.token);
  await http.call('POST', `/api/v1/connections/${declined.id}/decline`, decliner.token);
  const takenBack = await http.call('POST', `/api/v1/users/${withdrawn.id}/connect`, a.token);
  await http.call('POST', `/api/v1/connections/${takenBack.id}/withdraw`, a.token);
  await connect(http, removed, a);
  await http.call('DELETE', `/api/v1/users/${removed.id}/connection`, a.token);
  await connect(http, a, blocked);
  await http.call('PUT', `/api/v1/users/${blocked.id}/block`, a.token);
  await http.call('PUT', `/api/v1/users/${unblocked.id}/block`, a.token);
  await http.call('DELETE', `/api/v1/users/${unblocked.id}/block`, a.token);

  const lists = '/api/v1/users/me/saved-lists';
  const kept = await http.call('POST', lists, a.token, { name: 'Kept list', user_ids: [friend.id, decliner.id] });
  await http.call('DELETE', `${lists}/${kept.id}/members/${decliner.id}`, a.token);
  const deleted = await http.call('POST', lists, a.token, { name: 'Deleted list', user_ids: [friend.id] });
  await http.call('DELETE', `${lists}/${deleted.id}`, a.token);
  const restored = await http.call('POST', lists, a.token, { name: 'Restored list', user_ids: [friend.id] });
  await http.call('DELETE', `${lists}/${restored.id}`, a.token);
  await http.call('POST', `${lists}/${restored.id}/restore`, a.token);

  const connections = (query: string) => ({ token: a.token, path: `/api/v1/users/me/connections?${query}` });
  return {
    views: {
      friends: { token: a.token, path: '/api/v1/users/me/friends' },
      theirFriends: { token: friend.token, path: '/api/v1/users/me/friends' },
      accepted: connections('direction=outgoing&status=accepted'),
      declined: connections('direction=outgoing&status=declined'),
      withdrawn: connections('direction=outgoing&status=withdrawn'),
      pending: connections('direction=outgoing&status=pending'),
      blocks: { token: a.token, path: '/api/v1/users/me/blocks' },
      blockedProfile: { token: a.token, path: `/api/v1/users/${blocked.id}` },
      lists: { token: a.token, path: lists },
      recentlyDeleted: { token: a.token, path: `${lists}?deleted=true` },
      kept: { token: a.token, path: `${lists}/${kept.id}` },
    },
    check: (seen) => {
      const ids = (view: unknown) => (view as { id: string }[]).map((f) => f.id);
      expect(ids(seen.friends)).toEqual([friend.id]);
      expect(ids(seen.theirFriends)).toEqual([a.id]);
      listHas(seen.accepted, { to_user_id: friend.id });
      listHas(seen.declined, { to_user_id: decliner.id });
      listHas(seen.withdrawn, { to_user_id: withdrawn.id });
      expect(seen.pending).toMatchObject({ data: [] });
      expect(seen.blocks).toMatchObject({ data: [{ user_id: blocked.id }] });
      expect(seen.blockedProfile).toMatchObject({ data: { id: blocked.id, is_blocked: true } });
      listHas(seen.lists, { id: kept.id, name: 'Kept list' });
      listHas(seen.lists, { id: restored.id, name: 'Restored list' });
      listLacks(seen.lists, { id: deleted.id });
      listHas(seen.recentlyDeleted, { id: deleted.id, name: 'Deleted list' });
      const members = (seen.kept as { data: { members: { id: string }[] } }).data.members.map((m) => m.id);
      expect(members).toEqual([friend.id]);
    },
  };
};
