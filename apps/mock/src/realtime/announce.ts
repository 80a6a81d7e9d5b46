import { toPerson } from '../store/directory.ts';
import type { Store } from '../store/store.ts';
import type { StoredChannel } from '../store/types.ts';

/**
 * What the user streams (`streamMe`) hear of group changes, told after the change. Routes call
 * these; the realtime hub relays them to whoever has a user stream open.
 */

/** The hub's view of the store: a group's member ids and a member's unread count. */
export function hubViews(store: Store) {
  return {
    membersOf: (channelId: string): readonly string[] => store.channels.get(channelId)?.users ?? [],
    unreadCount: (userId: string, channelId: string) => store.chat.unreadCount(userId, channelId),
  };
}

/** `userId`'s own view of the group changed (joined, followed, reactivated): their `channel` event. */
export function announceChannel(store: Store, userId: string, channel: StoredChannel): void {
  const view = store.chat.view(userId, channel);
  store.events.announce({ type: 'channel', userId, channel: view });
}

/** Each of `userIds` joined `channel`: `member` to every member, `channel` to each newcomer. */
export function announceJoined(store: Store, channel: StoredChannel, userIds: Iterable<string>): void {
  const channelId = channel.id;
  for (const userId of userIds) {
    const user = store.accounts.find(userId);
    if (!user) continue;
    store.events.announce({
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
  const channel = store.channels.get(channelId);
  const user = store.accounts.find(userId);
  if (!channel || !user) return;
  store.events.announce({
    type: 'member',
    channelId,
    change: 'left',
    user: toPerson(user),
    memberCount: channel.users.length,
  });
}

/**
 * `userId` changed their name or photo: `person` to their own other tabs, their connections and
 * everyone in a group with them (each once), so lists showing them update in place.
 */
export function announcePerson(store: Store, userId: string): void {
  const user = store.accounts.find(userId);
  if (!user) return;
  const audience = new Set<string>([userId, ...user.friend_ids]);
  for (const channel of store.channels.all()) {
    if (channel.users.includes(userId)) for (const id of channel.users) audience.add(id);
  }
  store.events.announce({ type: 'person', userIds: [...audience], user: toPerson(user) });
}
