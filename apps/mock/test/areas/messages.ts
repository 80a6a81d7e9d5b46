import { expect } from 'vitest';
import { type AreaWriter, type Item, listHas, listLacks } from './api.ts';

const group = (name: string, users: string[]) => ({ name, description: name, tags: [], is_closed: true, users });

/**
 * Messages: sent, edited, deleted, pinned and unpinned, reported, forwarded; read marks, mutes and
 * the saved messages beside them.
 */
export const writeMessages: AreaWriter = async (http) => {
  const demo = await http.login();
  const b = await http.register('Mo');
  const chat = await http.call('POST', '/api/v1/users/channels/store', demo, group('Kept chat', [b.id]));
  const other = await http.call('POST', '/api/v1/users/channels/store', demo, group('Forward target', []));
  const send = (token: string, message: string) =>
    http.call('POST', `/api/v1/channels/${chat.id}/messages`, token, { message });

  const kept = await send(demo, 'Kept message');
  const gone = await send(demo, 'Deleted message');
  const unpinned = await send(demo, 'Pinned, then not');
  await send(b.token, 'Kept reply');
  await http.call('PATCH', `/api/v1/messages/${kept.id}`, demo, { message: 'Kept message, edited' });
  await http.call('DELETE', `/api/v1/messages/${gone.id}`, demo);
  // A group has one pin: this one is lifted, then the kept one pinned.
  await http.call('POST', `/api/v1/channels/${chat.id}/pin/${unpinned.id}`, demo);
  await http.call('DELETE', `/api/v1/channels/${chat.id}/pin/${unpinned.id}`, demo);
  await http.call('POST', `/api/v1/channels/${chat.id}/pin/${kept.id}`, demo);
  await http.call('POST', `/api/v1/messages/${kept.id}/report`, b.token, { reason: 'spam', details: 'Kept report' });
  await http.call('POST', `/api/v1/messages/${kept.id}/forward`, demo, { channel_ids: [other.id] });
  await http.call('POST', `/api/v1/channels/${chat.id}/mute`, demo);
  await http.call('POST', `/api/v1/channels/${other.id}/mute`, demo);
  await http.call('DELETE', `/api/v1/channels/${other.id}/mute`, demo);
  await send(demo, 'Unread until B reads it');
  await http.call('POST', `/api/v1/channels/${chat.id}/read`, b.token);

  return {
    views: {
      chat: { token: demo, path: `/api/v1/channels/${chat.id}/get-messages` },
      forwarded: { token: demo, path: `/api/v1/channels/${other.id}/get-messages` },
      demoGroups: { token: demo, path: '/api/v1/users/me/channels' },
      bGroups: { token: b.token, path: '/api/v1/users/me/channels' },
      saved: { token: demo, path: '/api/v1/users/me/saved-messages' },
    },
    check: (seen) => {
      listHas(seen.chat, { id: kept.id, message: 'Kept message, edited', edited_at: expect.any(String) });
      listHas(seen.chat, { id: gone.id, deleted_at: expect.any(String) });
      listLacks(seen.chat, { message: 'Deleted message' });
      listHas(seen.chat, { sender_id: b.id, message: 'Kept reply' });
      listHas(seen.forwarded, { message: 'Kept message, edited', forwarded_from_id: kept.id });
      listHas(seen.demoGroups, {
        id: chat.id,
        is_muted: true,
        pinned_message: expect.objectContaining({ id: kept.id }),
      });
      listHas(seen.demoGroups, { id: other.id, is_muted: false });
      listHas(seen.bGroups, { id: chat.id, unread_count: 0 });
      expect((seen.saved as { data: Item[] }).data.length).toBeGreaterThan(0);
    },
    after: async (again) => {
      // The report is kept: a second one by the same person is refused.
      expect((await again.send('POST', `/api/v1/messages/${kept.id}/report`, b.token, { reason: 'spam' })).status).toBe(
        409,
      );
    },
  };
};
