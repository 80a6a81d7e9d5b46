import { EventEmitter } from 'node:events';
import type { components } from '@cohort/api';
import { HttpError } from '../http-error.ts';
import { randomId } from '../ids.ts';
import type { Store } from './store.ts';
import type { Channel, Message, State, StoredChannel } from './types.ts';

type Schemas = components['schemas'];
type PersonSummary = Schemas['PersonSummary'];
/**
 * What `sendMessage` accepts, once the contract's `MessageInput` has validated it (its generated
 * type is an `anyOf` union too loose to read fields from).
 */
export type MessageDraft = Partial<Pick<Message, 'message' | 'reply_message_id' | 'files' | 'client_id'>>;
export type Report = Schemas['Report'];
export type ReportReason = Report['reason'];
export type CalendarEvent = Schemas['CalendarEvent'];
export type CalendarEventInput = Schemas['CalendarEventInput'];

export interface StoredReport extends Report {
  user_id: string;
  channel_id: string;
}

export interface StoredEvent extends CalendarEvent {
  user_id: string;
}

/** The chat part of the state (#7): plain data, so it serialises with the rest for `--data`. */
export interface ChatState {
  /** Channel id → its pinned message id. */
  pins: Record<string, string>;
  /** User id → channel id → how many of the channel's messages (oldest first) the user has read. */
  read: Record<string, Record<string, number>>;
  /** User id → the channel ids the user muted. */
  muted: Record<string, string[]>;
  reports: StoredReport[];
  events: StoredEvent[];
  next_report_id: number;
  next_event_id: number;
}

export function emptyChatState(): ChatState {
  return { pins: {}, read: {}, muted: {}, reports: [], events: [], next_report_id: 1, next_event_id: 1 };
}

/** What the realtime hub relays to a channel's streams. */
export type ChatEvent =
  | { type: 'message'; channelId: string; message: Message }
  | { type: 'pin'; channelId: string; message: Message | null }
  /** The user is no longer a member: their streams of the group end. */
  | { type: 'left'; channelId: string; userId: string }
  /** The token was revoked (logout): its streams end. */
  | { type: 'signed-out'; token: string }
  /** Someone joined or left a group: its members' (and that person's) user streams hear of it. */
  | { type: 'member'; channelId: string; change: 'joined' | 'left'; user: PersonSummary; memberCount: number }
  /** Only `userId`'s user streams: an invitation to them was made, accepted or declined. */
  | { type: 'invite'; userId: string; invite: Schemas['ChannelInvite'] }
  /** Only `userId`'s user streams: one of their groups as they see it changed. */
  | { type: 'channel'; userId: string; channel: Channel }
  /** A group was made: each member with a user stream gets it as they see it (a `channel` event). */
  | { type: 'created'; channelId: string };

interface Located {
  channel: StoredChannel;
  message: Message;
  index: number;
}

/**
 * Messages, pins, read marks, mutes, reports and calendar events over the shared store. Emits
 * `chat` events (`ChatEvent`) after each change so live streams can relay them.
 */
export class ChatService extends EventEmitter<{ chat: [ChatEvent] }> {
  /** Message id → channel id; rebuilt when the store loads another state (reset, `--data`). */
  private index = new Map<string, string>();
  private indexedState: State | undefined;

  constructor(private readonly store: Store) {
    super();
    this.setMaxListeners(0);
  }

  private get chat(): ChatState {
    const { state } = this.store.raw;
    // Older `--data` files have no chat section: start an empty one.
    state.chat ??= emptyChatState();
    return state.chat;
  }

  private now(): string {
    return this.store.raw.now().toISOString();
  }

  private messageIndex(): Map<string, string> {
    const { state } = this.store.raw;
    if (this.indexedState !== state) {
      this.index = new Map();
      for (const [channelId, list] of Object.entries(state.messages)) {
        for (const m of list) this.index.set(m.id, channelId);
      }
      this.indexedState = state;
    }
    return this.index;
  }

  private channel(id: string): StoredChannel {
    const channel = this.store.raw.channels.get(id);
    if (!channel) throw HttpError.notFound(`No group with id ${id}.`);
    return channel;
  }

  /** The channel, 403 unless the user belongs to it (reads and writes of messages). */
  private memberChannel(userId: string, id: string): StoredChannel {
    const channel = this.channel(id);
    if (!channel.users.includes(userId)) throw HttpError.forbidden('You are not a member of this group.');
    return channel;
  }

  /** The channel, 409 unless the user belongs to it (per-user settings: read, mute). */
  private ownChannel(userId: string, id: string): StoredChannel {
    const channel = this.channel(id);
    if (!channel.users.includes(userId)) throw HttpError.conflict('You are not a member of this group.');
    return channel;
  }

  private messages(channelId: string): Message[] {
    const { state } = this.store.raw;
    state.messages[channelId] ??= [];
    return state.messages[channelId];
  }

  private locate(messageId: string): Located | undefined {
    const channelId = this.messageIndex().get(messageId);
    const channel = channelId ? this.store.raw.channels.get(channelId) : undefined;
    if (!channel) return undefined;
    const list = this.messages(channel.id);
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

  private append(channel: StoredChannel, message: Message): void {
    this.messages(channel.id).push(message);
    this.messageIndex().set(message.id, channel.id);
    channel.last_activity_at = message.time;
  }

  /** Everything in the group so far counts as read by the user (also how a new member starts). */
  markAllRead(userId: string, channelId: string): void {
    const read = this.chat.read;
    read[userId] ??= {};
    read[userId][channelId] = this.messages(channelId).length;
  }

  // ---------- per-user view of a channel ----------

  unreadCount(userId: string, channelId: string): number {
    const list = this.messages(channelId);
    const readUpTo = this.chat.read[userId]?.[channelId] ?? 0;
    let unread = 0;
    for (let i = Math.max(0, readUpTo); i < list.length; i++) if (list[i]?.sender_id !== userId) unread++;
    return unread;
  }

  pinnedMessage(channelId: string): Message | null {
    const id = this.chat.pins[channelId];
    const found = id ? this.locate(id) : undefined;
    return found && found.channel.id === channelId ? found.message : null;
  }

  isMuted(userId: string, channelId: string): boolean {
    return this.chat.muted[userId]?.includes(channelId) ?? false;
  }

  /** The chat fields of Channel for this user: unread count, mute, last and pinned message. */
  decorate<C extends Channel>(userId: string, channel: C): C {
    return {
      ...channel,
      unread_count: this.unreadCount(userId, channel.id),
      is_muted: this.isMuted(userId, channel.id),
      last_message: this.messages(channel.id).at(-1) ?? null,
      pinned_message: this.pinnedMessage(channel.id),
    };
  }

  private view(userId: string, channel: StoredChannel): Channel {
    return this.decorate(userId, this.store.channelFor(userId, channel));
  }

  // ---------- messages ----------

  send(userId: string, channelId: string, input: MessageDraft): Message {
    const channel = this.memberChannel(userId, channelId);
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
      time: this.now(),
      files: input.files ?? [],
      ...(input.client_id !== undefined ? { client_id: input.client_id } : {}),
    };
    this.append(channel, message);
    // Whoever writes has read everything before it.
    this.markAllRead(userId, channelId);
    this.store.save();
    this.emit('chat', { type: 'message', channelId, message });
    return message;
  }

  pin(userId: string, channelId: string, messageId: string): Message {
    this.memberChannel(userId, channelId);
    const found = this.locate(messageId);
    if (!found || found.channel.id !== channelId) {
      throw HttpError.notFound(`No message with id ${messageId} in this group.`);
    }
    this.chat.pins[channelId] = messageId;
    this.store.save();
    this.emit('chat', { type: 'pin', channelId, message: found.message });
    return found.message;
  }

  unpin(userId: string, channelId: string, messageId: string): void {
    this.memberChannel(userId, channelId);
    const found = this.locate(messageId);
    if (!found || found.channel.id !== channelId) {
      throw HttpError.notFound(`No message with id ${messageId} in this group.`);
    }
    if (this.chat.pins[channelId] !== messageId) throw HttpError.conflict('That message is not pinned.');
    delete this.chat.pins[channelId];
    this.store.save();
    this.emit('chat', { type: 'pin', channelId, message: null });
  }

  forward(userId: string, messageId: string, channelIds: string[]): Message[] {
    const source = this.visibleMessage(userId, messageId).message;
    const errors: Record<string, string[]> = {};
    const targets = channelIds.map((id, i) => {
      const channel = this.store.raw.channels.get(id);
      if (!channel) errors[`channel_ids.${i}`] = [`No group with id ${id}.`];
      else if (!channel.users.includes(userId)) errors[`channel_ids.${i}`] = ['You are not a member of this group.'];
      return channel;
    });
    if (Object.keys(errors).length > 0) throw HttpError.invalid(errors);
    const time = this.now();
    const created = targets.flatMap((channel) => {
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
      return [message];
    });
    this.store.save();
    for (const message of created) this.emit('chat', { type: 'message', channelId: message.channel_id ?? '', message });
    return created;
  }

  report(userId: string, messageId: string, reason: ReportReason, details: string | undefined): Report {
    const { channel } = this.visibleMessage(userId, messageId);
    if (this.chat.reports.some((r) => r.user_id === userId && r.message_id === messageId)) {
      throw HttpError.conflict('You already reported this message.');
    }
    const report: StoredReport = {
      id: this.chat.next_report_id++,
      user_id: userId,
      channel_id: channel.id,
      message_id: messageId,
      reason,
      details: details ?? null,
      created_at: this.now(),
    };
    this.chat.reports.push(report);
    this.store.save();
    const { user_id: _user, channel_id: _channel, ...out } = report;
    return out;
  }

  // ---------- per-user channel settings ----------

  markRead(userId: string, channelId: string): Channel {
    const channel = this.ownChannel(userId, channelId);
    this.markAllRead(userId, channelId);
    this.store.save();
    return this.view(userId, channel);
  }

  setMuted(userId: string, channelId: string, muted: boolean): Channel {
    const channel = this.ownChannel(userId, channelId);
    this.chat.muted[userId] ??= [];
    const list = this.chat.muted[userId];
    const at = list.indexOf(channelId);
    if (muted && at === -1) list.push(channelId);
    if (!muted && at !== -1) list.splice(at, 1);
    this.store.save();
    return this.view(userId, channel);
  }

  /** For the stream route: 404 unknown channel, 403 not a member. */
  assertMember(userId: string, channelId: string): void {
    this.memberChannel(userId, channelId);
  }

  // ---------- calendar events ----------

  listEvents(userId: string): CalendarEvent[] {
    return this.chat.events
      .filter((e) => e.user_id === userId)
      .sort((a, b) => a.start.localeCompare(b.start) || a.id - b.id)
      .map(({ user_id: _user, ...event }) => event);
  }

  createEvent(userId: string, input: CalendarEventInput): CalendarEvent {
    const errors: Record<string, string[]> = {};
    if (Date.parse(input.end) < Date.parse(input.start)) errors.end = ['must not be before start'];
    (input.people ?? []).forEach((id, i) => {
      if (!this.store.findUser(id)) errors[`people.${i}`] = [`No user with id ${id}.`];
    });
    if (input.message_id) {
      const found = this.locate(input.message_id);
      if (!found?.channel.users.includes(userId)) {
        errors.message_id = [`No message with id ${input.message_id}.`];
      }
    }
    if (Object.keys(errors).length > 0) throw HttpError.invalid(errors);
    const event: StoredEvent = {
      id: this.chat.next_event_id++,
      user_id: userId,
      title: input.title,
      all_day: input.all_day,
      start: new Date(input.start).toISOString(),
      end: new Date(input.end).toISOString(),
      people: input.people ?? [],
      video: input.video ?? false,
      location: input.location ?? null,
      reminder_minutes: input.reminder_minutes ?? 30,
      color: input.color ?? 'blue',
      message_id: input.message_id ?? null,
      created_at: this.now(),
    };
    this.chat.events.push(event);
    this.store.save();
    const { user_id: _user, ...out } = event;
    return out;
  }
}

const services = new WeakMap<Store, ChatService>();

/** The one ChatService of a store, so routes, the realtime hub and the chatter share its events. */
export function chatOf(store: Store): ChatService {
  let service = services.get(store);
  if (!service) {
    service = new ChatService(store);
    services.set(store, service);
  }
  return service;
}
