import { chatOf } from '../store/chat.ts';
import { toPerson } from '../store/directory.ts';
import { viewChannel } from '../store/groups.ts';
import type { Store } from '../store/store.ts';
import type { StoredChannel } from '../store/types.ts';

/**
 * What the user streams (`streamMe`) hear of group changes, told after the change. Routes call
 * these; the realtime hub relays them to whoever has a user stream open.
 */

/** The hub's view of the store: a group's member ids and a member's unread count. */
export function hubViews(store: Store) {
  return {
    membersOf: (channelId: string): readonly string[] => store.raw.channels.get(channelId)?.users ?? [],
    unreadCount: (userId: string, channelId: string) => chatOf(store).unreadCount(userId, channelId),
    channelView: (userId: string, channelId: string) => {
      const channel = store.raw.channels.get(channelId);
      return channel ? chatOf(store).decorate(userId, viewChannel(store, userId, channel)) : undefined;
    },
  };
}

/** `userId`'s own view of the group changed (joined, followed, reactivated): their `channel` event. */
export function announceChannel(store: Store, userId: string, channel: StoredChannel): void {
  const view = chatOf(store).decorate(userId, viewChannel(store, userId, channel));
  chatOf(store).emit('chat', { type: 'channel', userId, channel: view });
}

/** Each of `userIds` joined `channelId`: `member` to every member, `channel` to each newcomer. */
export function announceJoined(store: Store, channelId: string, userIds: Iterable<string>): void {
  const channel = store.raw.channels.get(channelId);
  if (!channel) return;
  for (const userId of userIds) {
    const user = store.findUser(userId);
    if (!user) continue;
    chatOf(store).emit('chat', {
      type: 'member',
      channelId,
      change: 'joined',
      user: toPerson(user),
      memberCount: channel.users.length,
    });
    announceChannel(store, userId, channel);
  }
}

/** `userId` left `channelId`: `member` to the remaining members and to the leaver's other tabs. */
export function announceLeft(store: Store, channelId: string, userId: string): void {
  const channel = store.raw.channels.get(channelId);
  const user = store.findUser(userId);
  if (!channel || !user) return;
  chatOf(store).emit('chat', {
    type: 'member',
    channelId,
    change: 'left',
    user: toPerson(user),
    memberCount: channel.users.length,
  });
}
