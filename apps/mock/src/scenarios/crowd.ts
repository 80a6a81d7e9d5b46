import { byCodeUnits } from '../lib/compare.ts';
import { seededChatLine } from '../seed/chat.ts';
import { createChannel, createMessage } from '../seed/factories.ts';
import { newFaker } from '../seed/faker.ts';
import { SEED_REF_DATE, type State, type StoredNotification, type StoredUser } from '../store/types.ts';
import type { SeedShape } from './types.ts';

const DAY = 86_400_000;
const at = (daysAgo: number) => new Date(SEED_REF_DATE.getTime() - daysAgo * DAY).toISOString();

/** Makes `count` people the demo account's friends (both ways), the earliest seeded first. */
function addFriends(state: State, count: number): void {
  const [demo, ...others] = state.users;
  if (!demo) return;
  const friends = new Set(demo.friend_ids);
  for (const user of others) {
    if (friends.size >= count) break;
    if (friends.has(user.id)) continue;
    friends.add(user.id);
    user.friend_ids.push(demo.id);
  }
  demo.friend_ids = [...friends];
}

/** Groups of the demo account with `messages` messages each, a few of them unread; text only. */
function addLongChats(state: State, seed: number, count: number, messages: number): void {
  const demo = state.users[0];
  if (!demo) return;
  const f = newFaker();
  const byId = new Map<string, StoredUser>();
  const wanted = new Set(demo.friend_ids.slice(0, 20));
  for (const user of state.users) if (wanted.has(user.id)) byId.set(user.id, user);
  const members = [demo, ...byId.values()];
  for (let c = 0; c < count; c++) {
    f.seed([seed, 90, c]);
    const createdAt = SEED_REF_DATE.getTime() - (400 + c * 30) * DAY;
    const lastAt = SEED_REF_DATE.getTime() - (c + 1) * 3_600_000;
    const channel = createChannel(f, {
      name: `Long Thread ${c + 1}`,
      description: `A busy group of ${messages.toLocaleString('en-US')} messages (scenario crowded).`,
      tags: [1],
      is_closed: false,
      is_public: true,
      is_open: true,
      users: members.map((u) => u.id),
      created_by: members[members.length > 1 ? 1 : 0]?.id ?? demo.id,
      created_at: new Date(createdAt).toISOString(),
    });
    const step = (lastAt - createdAt) / messages;
    const list = [];
    for (let i = 0; i < messages; i++) {
      list.push(
        createMessage(f, {
          channel_id: channel.id,
          sender_id: f.helpers.arrayElement(members).id,
          time: new Date(createdAt + Math.round(i * step)).toISOString(),
          message: seededChatLine(f, members),
          files: [],
        }),
      );
    }
    channel.last_activity_at = list.at(-1)?.time ?? channel.created_at;
    state.channels.push(channel);
    state.messages[channel.id] = list;
    if (state.chat) {
      const read = state.chat.read[demo.id] ?? {};
      read[channel.id] = Math.max(0, messages - 7);
      state.chat.read[demo.id] = read;
    }
  }
}

/**
 * Notifications of the demo account, read ones, one a day back in time: its friends accepting.
 * The list is newest first by id, so every notification is numbered again in time order (the
 * seeded ones, newer, keep the highest ids); nothing else in the state refers to a notification id.
 */
function addNotifications(state: State, count: number): void {
  const demo = state.users[0];
  if (!demo || count === 0) return;
  const actors = demo.friend_ids.length > 0 ? demo.friend_ids : state.users.slice(1, 2).map((u) => u.id);
  const older: StoredNotification[] = [];
  for (let i = count - 1; i >= 0; i--) {
    older.push({
      id: 0,
      user_id: demo.id,
      kind: 'connection_accepted',
      actor_id: actors[i % actors.length] ?? null,
      created_at: at(30 + i),
      read_at: at(29 + i),
      connection_id: null,
      channel_id: null,
      invite_id: null,
      message_id: null,
    });
  }
  const all = [...older, ...(state.notifications ?? [])].sort((a, b) => byCodeUnits(a.created_at, b.created_at));
  all.forEach((n, i) => {
    n.id = i + 1;
  });
  state.notifications = all;
  state.next_id.notification = all.length + 1;
}

/** Saved lists of the demo account, each of a handful of people. */
function addSavedLists(state: State, count: number): void {
  const demo = state.users[0];
  if (!demo || !state.social || count === 0) return;
  const people = state.users.slice(1).map((u) => u.id);
  for (let i = 0; i < count; i++) {
    const from = (i * 7) % Math.max(1, people.length);
    state.social.saved_lists.push({
      id: state.next_id.saved_list++,
      user_id: demo.id,
      name: `Saved list ${i + 1}`,
      member_ids: people.slice(from, from + 5),
      created_at: at(60 + i),
      deleted_at: null,
    });
  }
}

/** The long lists of `crowded` (each within the contract's limits), added after the seed is built. */
export function crowd(state: State, seed: number, shape: SeedShape): void {
  if (shape.friends) addFriends(state, Math.min(shape.friends, state.users.length - 1));
  if (shape.longChats) addLongChats(state, seed, shape.longChats, shape.chatMessages ?? 10_000);
  if (shape.notifications) addNotifications(state, shape.notifications);
  if (shape.savedLists) addSavedLists(state, shape.savedLists);
}
