import { HttpError } from '../lib/http-error.ts';
import { randomId } from '../lib/ids.ts';
import type { MessageDraft, MessagePage, ReportReason } from './chat-types.ts';
import type { StoreCore } from './core.ts';
import { PIN_NOTIFY_MAX_MEMBERS } from './notifications.ts';

export type { MessageDraft, MessagePage, ReportReason } from './chat-types.ts';

import { byCodeUnits } from '../lib/compare.ts';
import type { Accounts } from './accounts.ts';
import type { Blocks } from './blocks.ts';
import type { Channels } from './channels.ts';
import { groupedCollection, groupKey, listCollection, mapCollection, splitKey } from './collection.ts';
import type { LiveEvents } from './live-events.ts';
import type { Notifications } from './notifications.ts';
import { contractRecord, int, map, record, str, strings } from './row-schema.ts';
import type {
  Channel,
  ChatState,
  Message,
  Report,
  SavedMessage,
  SavedMessageRecord,
  StoredChannel,
  StoredReport,
} from './types.ts';

interface Located {
  channel: StoredChannel;
  message: Message;
  index: number;
}

interface ChatUses {
  readonly accounts: Accounts;
  readonly blocks: Blocks;
  readonly channels: Channels;
  readonly events: LiveEvents;
  readonly notifications: Notifications;
}

/** Each channel's messages, oldest first, keyed `channel/message`. */
export const MESSAGES = groupedCollection({
  name: 'message',
  place: { field: 'messages' },
  item: (doc) => contractRecord(doc, 'Message', { required: { id: str } }),
  read: (areas: { readonly chat: Chat }, key) => {
    const [channelId, id] = splitKey(key);
    return areas.chat.messagesOf(channelId).findLast((m) => m.id === id);
  },
  // A channel without messages still has its (empty) list.
  finish: (state) => {
    for (const c of state.channels as { id?: unknown }[]) if (typeof c?.id === 'string') state.messages[c.id] ??= [];
  },
});

export const SAVED_MESSAGES = listCollection({
  name: 'saved_message',
  place: { field: 'saved_messages' },
  item: () => record({ id: int, user_id: str, channel_id: str, message_id: str, saved_at: str }),
  read: (areas: { readonly chat: Chat }, key) => areas.chat.allSaved().find((item) => String(item.id) === key),
});

/** Channel id → its pinned message id. */
export const PINS = mapCollection({
  name: 'pin',
  place: { part: 'chat', field: 'pins' },
  item: () => str,
  read: (areas: { readonly chat: Chat }, key) => areas.chat.parts().pins[key],
});

/** User id → channel id → how many of its messages the user has read. */
export const READ = mapCollection({
  name: 'read',
  place: { part: 'chat', field: 'read' },
  item: () => map(int),
  read: (areas: { readonly chat: Chat }, key) => areas.chat.parts().read[key],
});

/** User id → the channels they muted. */
export const MUTED = mapCollection({
  name: 'muted',
  place: { part: 'chat', field: 'muted' },
  item: () => strings,
  read: (areas: { readonly chat: Chat }, key) => areas.chat.parts().muted[key],
});

export const REPORTS = listCollection({
  name: 'report',
  place: { part: 'chat', field: 'reports' },
  item: (doc) => contractRecord(doc, 'Report', { required: { user_id: str, channel_id: str } }),
  read: (areas: { readonly chat: Chat }, key) => areas.chat.parts().reports.find((item) => String(item.id) === key),
});

/**
 * Messages and what hangs off them: pins, read marks, mutes, reports, saved messages. Its changes
 * go out as live events (`store.events`) once they have committed, so live streams can relay them.
 */
export class Chat {
  /** Channel id → its messages, oldest first. */
  private messages: Record<string, Message[]> = {};
  private state: Omit<ChatState, 'events'> = { pins: {}, read: {}, muted: {}, reports: [] };
  private saved: SavedMessageRecord[] = [];
  /** Message id → channel id. */
  private index = new Map<string, string>();

  /** One for the store's life (the streams listen to it); `reload` gives it each new state. */
  constructor(
    private readonly core: StoreCore,
    private readonly areas: ChatUses,
  ) {}

  reload(messages: Record<string, Message[]>, state: ChatState, saved: SavedMessageRecord[]): void {
    const { events: _events, ...own } = state;
    this.messages = messages;
    this.state = own;
    this.saved = saved;
    this.index = new Map();
    for (const [channelId, list] of Object.entries(messages)) for (const m of list) this.index.set(m.id, channelId);
  }

  allMessages(): Record<string, Message[]> {
    return this.messages;
  }

  allSaved(): SavedMessageRecord[] {
    return this.saved;
  }

  parts(): Omit<ChatState, 'events'> {
    return this.state;
  }

  /** The channel's messages, oldest first (empty for a channel without any). */
  messagesOf(channelId: string): readonly Message[] {
    return this.messages[channelId] ?? [];
  }

  /** The channel, 403 unless the user belongs to it (reads and writes of messages). */
  private memberChannel(userId: string, id: string): StoredChannel {
    const channel = this.areas.channels.require(id);
    if (!channel.users.includes(userId)) throw HttpError.forbidden('You are not a member of this group.');
    return channel;
  }

  /** For the stream route: 404 unknown channel, 403 not a member. */
  assertMember(userId: string, channelId: string): void {
    this.memberChannel(userId, channelId);
  }

  private locate(messageId: string): Located | undefined {
    const channelId = this.index.get(messageId);
    const channel = channelId ? this.areas.channels.get(channelId) : undefined;
    if (!channel) return undefined;
    const list = this.messagesOf(channel.id);
    // Messages only append, so the newest are the likeliest targets: search from the end.
    for (let i = list.length - 1; i >= 0; i--) {
      const message = list[i];
      if (message?.id === messageId) return { channel, message, index: i };
    }
    return undefined;
  }

  /** A message the user can see (member of its channel): 404 unknown, 403 not a member. */
  private visibleMessage(userId: string, messageId: string): Located {
    const found = this.locate(messageId);
    if (!found) throw HttpError.notFound(`No message with id ${messageId}.`);
    if (!found.channel.users.includes(userId)) throw HttpError.forbidden('You are not a member of this group.');
    return found;
  }

  /** Whether a message with this id is in a group `userId` belongs to (the calendar links events to one). */
  canSeeMessage(userId: string, messageId: string): boolean {
    return this.locate(messageId)?.channel.users.includes(userId) ?? false;
  }

  private append(channel: StoredChannel, message: Message): void {
    this.core.touch(MESSAGES, groupKey(channel.id, message.id));
    this.messages[channel.id] ??= [];
    this.messages[channel.id]?.push(message);
    this.index.set(message.id, channel.id);
    this.areas.channels.touchActivity(channel, message.time);
  }

  /** Everything in the group so far counts as read by the user (also how a new member starts). */
  markAllRead(userId: string, channelId: string): void {
    this.core.touch(READ, userId);
    this.state.read[userId] ??= {};
    this.state.read[userId][channelId] = this.messagesOf(channelId).length;
  }

  // ---------- per-user view of a channel ----------

  unreadCount(userId: string, channelId: string): number {
    const list = this.messagesOf(channelId);
    const readUpTo = this.state.read[userId]?.[channelId] ?? 0;
    let unread = 0;
    for (let i = Math.max(0, readUpTo); i < list.length; i++) if (list[i]?.sender_id !== userId) unread++;
    return unread;
  }

  pinnedMessage(channelId: string): Message | null {
    const id = this.state.pins[channelId];
    const found = id ? this.locate(id) : undefined;
    return found && found.channel.id === channelId ? found.message : null;
  }

  isMuted(userId: string, channelId: string): boolean {
    return this.state.muted[userId]?.includes(channelId) ?? false;
  }

  /** The chat fields of Channel for this user: unread count, mute, last and pinned message. */
  decorate<C extends Channel>(userId: string, channel: C): C {
    return {
      ...channel,
      unread_count: this.unreadCount(userId, channel.id),
      is_muted: this.isMuted(userId, channel.id),
      last_message: this.messagesOf(channel.id).at(-1) ?? null,
      pinned_message: this.pinnedMessage(channel.id),
    };
  }

  /** The channel as the contract shows it to `userId`: group fields and chat fields. */
  view(userId: string, channel: StoredChannel): Channel {
    return this.decorate(userId, this.areas.channels.view(userId, channel));
  }

  // ---------- messages ----------

  /** At most `limit` messages older than `before` (or the newest), oldest first within the page. */
  page(userId: string, channelId: string, before: string | undefined, limit: number): MessagePage {
    this.memberChannel(userId, channelId);
    const all = this.messagesOf(channelId);
    let end = all.length;
    if (before !== undefined) {
      end = all.findIndex((m) => m.id === before);
      if (end === -1) throw HttpError.notFound(`No message with id ${before} in this group.`);
    }
    const start = Math.max(0, end - limit);
    const data = all.slice(start, end);
    const hasMore = start > 0;
    return { data, meta: { has_more: hasMore, next_before: hasMore ? (data[0]?.id ?? null) : null } };
  }

  send(userId: string, channelId: string, input: MessageDraft): Message {
    const channel = this.memberChannel(userId, channelId);
    this.assertNotBlocked(userId, channel);
    if (input.reply_message_id) {
      const target = this.locate(input.reply_message_id);
      if (!target || target.channel.id !== channelId) {
        throw HttpError.invalid({ reply_message_id: [`No message with id ${input.reply_message_id} in this group.`] });
      }
    }
    const message: Message = {
      id: randomId('msg'),
      channel_id: channelId,
      sender_id: userId,
      reply_message_id: input.reply_message_id ?? null,
      message: input.message ?? '',
      time: this.core.now().toISOString(),
      files: input.files ?? [],
      ...(input.client_id !== undefined ? { client_id: input.client_id } : {}),
    };
    this.append(channel, message);
    // Whoever writes has read everything before it.
    this.markAllRead(userId, channelId);
    this.areas.events.announce({ type: 'message', channelId, message });
    return message;
  }

  /** 403 for a one-to-one chat whose two people are on either side of a block, or whose other person is gone. */
  private assertNotBlocked(userId: string, channel: StoredChannel): void {
    if (!channel.is_direct) return;
    const other = channel.users.find((id) => id !== userId);
    if (other && !this.areas.accounts.find(other)) throw HttpError.forbidden('This person deleted their account.');
    if (other) this.areas.blocks.assertNone(userId, other, 'message');
  }

  /** A deleted account's saved messages, read marks and mutes go (its messages stay). */
  forgetUser(userId: string): void {
    for (let i = this.saved.length - 1; i >= 0; i--) {
      const record = this.saved[i];
      if (record?.user_id !== userId) continue;
      this.core.touch(SAVED_MESSAGES, String(record.id));
      this.saved.splice(i, 1);
    }
    for (const part of ['read', 'muted'] as const) {
      if (!this.state[part][userId]) continue;
      this.core.touch(part === 'read' ? READ : MUTED, userId);
      delete this.state[part][userId];
    }
  }

  pin(userId: string, channelId: string, messageId: string): Message {
    this.memberChannel(userId, channelId);
    const found = this.locate(messageId);
    if (!found || found.channel.id !== channelId) {
      throw HttpError.notFound(`No message with id ${messageId} in this group.`);
    }
    this.core.touch(PINS, channelId);
    this.state.pins[channelId] = messageId;
    this.areas.events.announce({ type: 'pin', channelId, message: found.message });
    if (found.channel.users.length <= PIN_NOTIFY_MAX_MEMBERS) {
      for (const member of found.channel.users) {
        if (this.isMuted(member, channelId)) continue;
        this.areas.notifications.notify(member, 'message_pinned', userId, {
          channel_id: channelId,
          message_id: messageId,
        });
      }
    }
    return found.message;
  }

  unpin(userId: string, channelId: string, messageId: string): void {
    this.memberChannel(userId, channelId);
    const found = this.locate(messageId);
    if (!found || found.channel.id !== channelId) {
      throw HttpError.notFound(`No message with id ${messageId} in this group.`);
    }
    if (this.state.pins[channelId] !== messageId) throw HttpError.conflict('That message is not pinned.');
    this.core.touch(PINS, channelId);
    delete this.state.pins[channelId];
    this.areas.events.announce({ type: 'pin', channelId, message: null });
  }

  forward(userId: string, messageId: string, channelIds: string[]): Message[] {
    const source = this.visibleMessage(userId, messageId).message;
    if (source.deleted_at) throw HttpError.conflict('This message was deleted.');
    const errors: Record<string, string[]> = {};
    const targets = channelIds.map((id, i) => {
      const channel = this.areas.channels.get(id);
      if (!channel) errors[`channel_ids.${i}`] = [`No group with id ${id}.`];
      else if (!channel.users.includes(userId)) errors[`channel_ids.${i}`] = ['You are not a member of this group.'];
      return channel;
    });
    if (Object.keys(errors).length > 0) throw HttpError.invalid(errors);
    for (const channel of targets) if (channel) this.assertNotBlocked(userId, channel);
    const time = this.core.now().toISOString();
    return targets.flatMap((channel) => {
      if (!channel) return [];
      const message: Message = {
        id: randomId('msg'),
        channel_id: channel.id,
        sender_id: userId,
        reply_message_id: null,
        message: source.message,
        time,
        files: source.files.map((f) => ({ ...f })),
        // A forward of a forward points at the original.
        forwarded_from_id: source.forwarded_from_id ?? source.id,
      };
      this.append(channel, message);
      this.markAllRead(userId, channel.id);
      this.areas.events.announce({ type: 'message', channelId: channel.id, message });
      return [message];
    });
  }

  /** Its author corrects a message (403 for anyone else, 409 once deleted); everyone sees it live. */
  edit(userId: string, messageId: string, text: string): Message {
    const { channel, message } = this.visibleMessage(userId, messageId);
    if (message.sender_id !== userId) throw HttpError.forbidden('Only its author can edit a message.');
    if (message.deleted_at) throw HttpError.conflict('This message was deleted.');
    this.core.touch(MESSAGES, groupKey(channel.id, message.id));
    message.message = text;
    message.edited_at = this.core.now().toISOString();
    this.areas.events.announce({ type: 'message-updated', channelId: channel.id, message });
    return message;
  }

  /**
   * Its author or the group's creator deletes a message: its text and files go, a pin on it is
   * lifted, and "Message deleted" is what everyone sees, live. 403 for anyone else, 409 twice.
   */
  remove(userId: string, messageId: string): Message {
    const { channel, message } = this.visibleMessage(userId, messageId);
    if (message.sender_id !== userId && channel.created_by !== userId) {
      throw HttpError.forbidden("Only its author or the group's creator can delete a message.");
    }
    if (message.deleted_at) throw HttpError.conflict('This message was already deleted.');
    this.core.touch(MESSAGES, groupKey(channel.id, message.id));
    message.message = '';
    message.files = [];
    message.deleted_at = this.core.now().toISOString();
    if (this.state.pins[channel.id] === messageId) {
      this.core.touch(PINS, channel.id);
      delete this.state.pins[channel.id];
      this.areas.events.announce({ type: 'pin', channelId: channel.id, message: null });
    }
    this.areas.events.announce({ type: 'message-updated', channelId: channel.id, message });
    return message;
  }

  report(userId: string, messageId: string, reason: ReportReason, details: string | undefined): Report {
    const { channel } = this.visibleMessage(userId, messageId);
    if (this.state.reports.some((r) => r.user_id === userId && r.message_id === messageId)) {
      throw HttpError.conflict('You already reported this message.');
    }
    const report: StoredReport = {
      id: this.core.nextId('report'),
      user_id: userId,
      channel_id: channel.id,
      message_id: messageId,
      reason,
      details: details ?? null,
      created_at: this.core.now().toISOString(),
    };
    this.core.touch(REPORTS, String(report.id));
    this.state.reports.push(report);
    const { user_id: _user, channel_id: _channel, ...out } = report;
    return out;
  }

  // ---------- per-user channel settings ----------

  markRead(userId: string, channelId: string): Channel {
    const channel = this.areas.channels.requireMembership(userId, channelId);
    this.markAllRead(userId, channelId);
    return this.view(userId, channel);
  }

  setMuted(userId: string, channelId: string, muted: boolean): Channel {
    const channel = this.areas.channels.requireMembership(userId, channelId);
    this.core.touch(MUTED, userId);
    this.state.muted[userId] ??= [];
    const list = this.state.muted[userId];
    const at = list.indexOf(channelId);
    if (muted && at === -1) list.push(channelId);
    if (!muted && at !== -1) list.splice(at, 1);
    return this.view(userId, channel);
  }

  /** The user's saved messages, newest first, each with its group's name as they see it. */
  listSaved(userId: string): SavedMessage[] {
    return this.saved
      .filter((s) => s.user_id === userId)
      .sort((a, b) => byCodeUnits(b.saved_at, a.saved_at))
      .flatMap((s) => {
        const channel = this.areas.channels.get(s.channel_id);
        const message = this.messagesOf(s.channel_id).find((m) => m.id === s.message_id);
        if (!channel || !message) return [];
        const channelName = this.areas.channels.nameFor(userId, channel);
        return [{ id: s.id, channel_id: s.channel_id, channel_name: channelName, saved_at: s.saved_at, message }];
      });
  }
}
