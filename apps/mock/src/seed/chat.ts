import type { Faker } from '@faker-js/faker';
import { CLUBS, COMPANIES, MAJORS } from '../lib/catalog.ts';
import type { Message, State, StoredUser } from '../store/types.ts';
import { emptyChatState } from '../store/types.ts';
import { drawsOf } from './draws.ts';
import { createChannel, createMessage } from './factories.ts';
import { isoTime } from './iso-time.ts';
import { chatLine } from './messages.ts';

/** The demo account's long-history group: the web app's windowed list is tested against it. */
export const ARCHIVE_CHANNEL_NAME = 'Cohort Archive';
export const ARCHIVE_MESSAGES = 10_000;

/** A realistic chat line from `sender`, mentioning one of `members`. */
export function seededChatLine(f: Faker, members: StoredUser[]): string {
  const draw = drawsOf(f);
  return chatLine(f, {
    club: draw.pick(CLUBS),
    major: draw.pick(MAJORS),
    company: draw.pick(COMPANIES),
    name: draw.pick(members).first_name,
  });
}

/**
 * The chat part of the seed: the 10,000-message archive group, a pinned message in most
 * groups and read marks that leave a few unread messages, so the chat list shows real counts.
 * Runs after the channels exist, on its own faker stream.
 */
export function seedChat(f: Faker, state: State, seed: number, refDate: Date): void {
  const chat = emptyChatState();
  state.chat = chat;
  const demo = state.users[0];
  if (!demo) return;

  f.seed([seed, 5, 0]);
  // Only the demo account's friends are looked up: a map of every user cost a 100,000-user seed dearly.
  const wanted = new Set(demo.friend_ids);
  const byId = new Map<string, StoredUser>();
  for (const user of state.users) if (wanted.has(user.id)) byId.set(user.id, user);
  const friends = demo.friend_ids.flatMap((id) => byId.get(id) ?? []).slice(0, 12);
  const members = [demo, ...friends];
  const createdAt = new Date(refDate.getTime() - 2 * 365 * 86400e3);
  // Ends six weeks back so the archive sits low in "most recently active first".
  const lastAt = new Date(refDate.getTime() - 45 * 86400e3);
  const archive = createChannel(f, {
    name: ARCHIVE_CHANNEL_NAME,
    description: 'Two years of our cohort’s conversations, kept for reference.',
    tags: [1],
    is_closed: false,
    is_public: true,
    is_open: true,
    users: members.map((u) => u.id),
    created_by: demo.id,
    created_at: createdAt.toISOString(),
  });
  const step = (lastAt.getTime() - createdAt.getTime()) / ARCHIVE_MESSAGES;
  const messages: Message[] = [];
  const draw = drawsOf(f);
  for (let i = 0; i < ARCHIVE_MESSAGES; i++) {
    const replyTo = i > 0 && draw.chance(0.1) ? messages[i - 1 - (i % 5)] : undefined;
    messages.push(
      createMessage(f, {
        channel_id: archive.id,
        sender_id: draw.pick(members).id,
        time: isoTime(createdAt.getTime() + Math.round(i * step)),
        reply_message_id: replyTo?.id ?? null,
        message: seededChatLine(f, members),
      }),
    );
  }
  archive.last_activity_at = messages.at(-1)?.time ?? archive.created_at;
  state.channels.push(archive);
  state.messages[archive.id] = messages;

  // Pins and read marks, channel by channel.
  state.channels.forEach((channel, c) => {
    f.seed([seed, 5, c + 1]);
    const list = state.messages[channel.id] ?? [];
    if (list.length > 0 && (channel.users.includes(demo.id) || f.datatype.boolean({ probability: 0.4 }))) {
      const pinned = f.helpers.arrayElement(list.slice(-40));
      chat.pins[channel.id] = pinned.id;
    }
    for (const userId of channel.users) {
      const unread = f.helpers.weightedArrayElement([
        { weight: 4, value: 0 },
        { weight: 3, value: f.number.int({ min: 1, max: 5 }) },
        { weight: 1, value: f.number.int({ min: 6, max: 30 }) },
      ]);
      chat.read[userId] ??= {};
      chat.read[userId][channel.id] = Math.max(0, list.length - unread);
    }
  });
}
