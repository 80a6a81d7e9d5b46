import type { StreamSink } from '../lib/http.ts';
import { HttpError } from '../lib/http-error.ts';
import { unref } from '../lib/timers.ts';
import { hashToken } from '../store/accounts.ts';
import type { LiveEvent, LiveEvents } from '../store/live-events.ts';

export const KEEP_ALIVE_MS = 15_000;
/** Open streams allowed per user, and per token (429 past it). */
export const DEFAULT_STREAMS_PER_USER = 10;
/** At most one presence event per channel per this long; the last one carries the latest count. */
export const PRESENCE_COALESCE_MS = 250;

export interface HubOptions {
  /** How often a `: keep-alive` comment goes down each idle stream (default 15 s). */
  keepAliveMs?: number;
  /** Open streams per user and per token (default 10). */
  streamsPerUser?: number;
  /** Presence coalescing window (default 250 ms). */
  presenceMs?: number;
  /**
   * A group's member ids, so a message or pin reaches its members' user streams (`streamMe`).
   * Without it user streams get only the events addressed to their user.
   */
  membersOf?: (channelId: string) => readonly string[];
  /** The user's unread count of a group, for user streams' `message` events (default 0). */
  unreadCount?: (userId: string, channelId: string) => number;
}

interface Subscriber {
  /** The group of a `streamChannel` stream; null for a user stream (`streamMe`). */
  channelId: string | null;
  userId: string;
  token: string;
  res: StreamSink;
  timer: ReturnType<typeof setInterval>;
  /** Checked on the keep-alive tick only (never per broadcast): false once the token has expired. */
  allowed: () => boolean;
}

interface ChannelStreams {
  subscribers: Set<Subscriber>;
  /** User id → open streams of that user on the channel: the online count is this map's size. */
  online: Map<string, number>;
  /** The pending coalesced presence event, if one is scheduled. */
  presenceTimer?: ReturnType<typeof setTimeout> | undefined;
  /** The count the channel's streams were last told. */
  announced?: number;
}

/**
 * The live side of chat: per-channel Server-Sent Event streams. Relays the store's live events,
 * counts who is online (distinct users with an open stream, kept incrementally) and keeps idle
 * streams alive. Streams are capped per user and per token, presence is coalesced per channel,
 * and a stream ends when its token is revoked or its user leaves: the store says so through
 * events, so a broadcast never re-checks anyone's token.
 */
export class RealtimeHub {
  private readonly channels = new Map<string, ChannelStreams>();
  private readonly byUser = new Map<string, Set<Subscriber>>();
  private readonly byToken = new Map<string, Set<Subscriber>>();
  private readonly keepAliveMs: number;
  private readonly streamsPerUser: number;
  private readonly presenceMs: number;
  /** User id → that user's open user streams (`streamMe`). */
  private readonly userStreams = new Map<string, Set<Subscriber>>();
  private readonly membersOf: (channelId: string) => readonly string[];
  private readonly unreadCount: (userId: string, channelId: string) => number;
  private readonly relay = (event: LiveEvent) => {
    switch (event.type) {
      case 'message': {
        this.publish(event.channelId, 'message', event.message, event.message.id);
        const { channelId, message } = event;
        this.toMembers(channelId, (userId) =>
          frame(
            'message',
            { channel_id: channelId, message, unread_count: this.unreadCount(userId, channelId) },
            message.id,
          ),
        );
        break;
      }
      case 'message-updated': {
        this.publish(event.channelId, 'message_updated', event.message);
        const text = frame('message_updated', { channel_id: event.channelId, message: event.message });
        this.toMembers(event.channelId, () => text);
        break;
      }
      case 'pin': {
        this.publish(event.channelId, 'pin', { message: event.message });
        const text = frame('pin', { channel_id: event.channelId, message: event.message });
        this.toMembers(event.channelId, () => text);
        break;
      }
      case 'member': {
        const text = frame('member', {
          channel_id: event.channelId,
          change: event.change,
          user: event.user,
          member_count: event.memberCount,
        });
        this.toMembers(event.channelId, () => text);
        // Who left is no member any more, but their other tabs must hear of it too.
        if (event.change === 'left') this.toUser(event.user.id, text);
        break;
      }
      case 'invite':
        this.toUser(event.userId, frame('invite', event.invite));
        break;
      case 'channel':
        this.toUser(event.userId, frame('channel', event.channel));
        break;
      case 'notification':
        this.toUser(
          event.userId,
          frame('notification', { notification: event.notification, unread_count: event.unreadCount }),
        );
        break;
      case 'connection': {
        const { person: _person, ...connection } = event.connection;
        const text = frame('connection', connection);
        this.toUser(connection.from_user_id, text);
        this.toUser(connection.to_user_id, text);
        break;
      }
      case 'left':
        for (const s of [...(this.byUser.get(event.userId) ?? [])]) if (s.channelId === event.channelId) this.expel(s);
        break;
      case 'signed-out':
        for (const s of [...(this.byToken.get(event.token) ?? [])]) this.expel(s);
        break;
      case 'call': {
        const text = frame('call', event.call);
        this.toUser(event.call.caller_id, text);
        this.toUser(event.call.callee_id, text);
        break;
      }
      case 'person': {
        const text = frame('person', event.user);
        for (const userId of event.userIds) this.toUser(userId, text);
        break;
      }
      case 'call-signal':
        this.toUser(event.userId, frame('call_signal', event.signal));
        break;
      case 'feed':
        for (const [userId, set] of this.userStreams) {
          if (set.size === 0 || !event.to(userId)) continue;
          const text = frame(event.event, event.data(userId));
          for (const subscriber of set) subscriber.res.write(text);
        }
        break;
      case 'sessions-ended':
        for (const s of [...(this.byUser.get(event.userId) ?? [])]) {
          const ends = event.only === undefined ? s.token !== event.except : hashToken(s.token) === event.only;
          if (ends) this.expel(s);
        }
        break;
    }
  };

  constructor(
    private readonly events: LiveEvents,
    options: HubOptions = {},
  ) {
    this.keepAliveMs = options.keepAliveMs ?? KEEP_ALIVE_MS;
    this.streamsPerUser = options.streamsPerUser ?? DEFAULT_STREAMS_PER_USER;
    this.presenceMs = options.presenceMs ?? PRESENCE_COALESCE_MS;
    this.membersOf = options.membersOf ?? (() => []);
    this.unreadCount = options.unreadCount ?? (() => 0);
    events.on('live', this.relay);
  }

  /** Throws 429 when the user (or the token) already has the most streams allowed open. */
  assertCapacity(userId: string, token: string): void {
    const open = Math.max(this.byUser.get(userId)?.size ?? 0, this.byToken.get(token)?.size ?? 0);
    if (open >= this.streamsPerUser) {
      throw new HttpError(
        429,
        `Too many open streams: at most ${this.streamsPerUser} per user. Close one and try again.`,
        undefined,
        { 'Retry-After': '5' },
      );
    }
  }

  /** Turns `res` into an event stream of `channelId` until the client goes away. */
  subscribe(channelId: string, userId: string, res: StreamSink, allowed: () => boolean = () => true, token = ''): void {
    this.assertCapacity(userId, token);
    const subscriber = this.open(channelId, userId, res, allowed, token);
    let streams = this.channels.get(channelId);
    if (!streams) {
      streams = { subscribers: new Set(), online: new Map() };
      this.channels.set(channelId, streams);
    }
    streams.subscribers.add(subscriber);
    streams.online.set(userId, (streams.online.get(userId) ?? 0) + 1);
    res.onClose(() => this.drop(subscriber));
    this.schedulePresence(channelId, subscriber);
  }

  /** Starts the event stream on `res`, its keep-alive tick, and indexes it by user and token (the caps). */
  private open(
    channelId: string | null,
    userId: string,
    res: StreamSink,
    allowed: () => boolean,
    token: string,
  ): Subscriber {
    res.start(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // Tells nginx-style proxies not to buffer the stream.
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    const timer = setInterval(() => {
      if (subscriber.allowed()) res.write(': keep-alive\n\n');
      else this.expel(subscriber);
    }, this.keepAliveMs);
    unref(timer);
    const subscriber: Subscriber = { channelId, userId, token, res, timer, allowed };
    index(this.byUser, userId, subscriber);
    index(this.byToken, token, subscriber);
    return subscriber;
  }

  /**
   * Turns `res` into the user's own event stream (`streamMe`) until the client goes away. `backlog`
   * (frames replayed after `Last-Event-ID`) goes down first. Counts against the same caps.
   */
  subscribeUser(userId: string, res: StreamSink, allowed: () => boolean, token: string, backlog: string[] = []): void {
    this.assertCapacity(userId, token);
    const subscriber = this.open(null, userId, res, allowed, token);
    for (const text of backlog) res.write(text);
    index(this.userStreams, userId, subscriber);
    res.onClose(() => this.drop(subscriber));
  }

  /** Distinct users with an open stream on the channel. */
  onlineCount(channelId: string): number {
    return this.channels.get(channelId)?.online.size ?? 0;
  }

  /** Users with an open stream on the channel. */
  onlineUsers(channelId: string): Set<string> {
    return new Set(this.channels.get(channelId)?.online.keys() ?? []);
  }

  /** Channels that have at least one open stream. */
  activeChannels(): string[] {
    return [...this.channels.keys()];
  }

  /** Ends every stream and stops relaying (server shutdown). */
  close(): void {
    this.events.off('live', this.relay);
    for (const [channelId, streams] of this.channels) {
      clearTimeout(streams.presenceTimer);
      for (const subscriber of streams.subscribers) {
        clearInterval(subscriber.timer);
        subscriber.res.end();
      }
      this.channels.delete(channelId);
    }
    for (const set of this.userStreams.values()) {
      for (const subscriber of set) {
        clearInterval(subscriber.timer);
        subscriber.res.end();
      }
    }
    this.userStreams.clear();
    this.byUser.clear();
    this.byToken.clear();
  }

  /** Ends a stream whose user may no longer read the group; dropped first so nothing more is written to it. */
  private expel(subscriber: Subscriber): void {
    this.drop(subscriber);
    subscriber.res.end();
  }

  private drop(subscriber: Subscriber): void {
    clearInterval(subscriber.timer);
    if (subscriber.channelId === null) {
      if (!this.userStreams.get(subscriber.userId)?.has(subscriber)) return;
      unindex(this.userStreams, subscriber.userId, subscriber);
      unindex(this.byUser, subscriber.userId, subscriber);
      unindex(this.byToken, subscriber.token, subscriber);
      return;
    }
    const streams = this.channels.get(subscriber.channelId);
    if (!streams?.subscribers.delete(subscriber)) return;
    unindex(this.byUser, subscriber.userId, subscriber);
    unindex(this.byToken, subscriber.token, subscriber);
    const left = (streams.online.get(subscriber.userId) ?? 1) - 1;
    if (left > 0) streams.online.set(subscriber.userId, left);
    else streams.online.delete(subscriber.userId);
    if (streams.subscribers.size === 0) {
      clearTimeout(streams.presenceTimer);
      this.channels.delete(subscriber.channelId);
    } else {
      this.schedulePresence(subscriber.channelId);
    }
  }

  /**
   * The online count changed: the newcomer (if any) learns it at once; everyone else gets at most
   * one presence event per window, carrying the count at its end. 1,000 streams opening in a burst
   * cost a few events, not a million.
   */
  private schedulePresence(channelId: string, newcomer?: Subscriber): void {
    const streams = this.channels.get(channelId);
    if (!streams) return;
    if (newcomer) newcomer.res.write(frame('presence', { online_count: streams.online.size }));
    if (streams.presenceTimer) return;
    streams.presenceTimer = setTimeout(() => {
      streams.presenceTimer = undefined;
      const count = streams.online.size;
      if (count === streams.announced) return;
      streams.announced = count;
      this.publish(channelId, 'presence', { online_count: count });
    }, this.presenceMs);
    unref(streams.presenceTimer);
  }

  /** Writes to the user streams of the group's members; `text` is built per member that has one open. */
  private toMembers(channelId: string, text: (userId: string) => string): void {
    if (this.userStreams.size === 0) return;
    for (const userId of this.membersOf(channelId)) {
      const set = this.userStreams.get(userId);
      if (!set) continue;
      const frameText = text(userId);
      for (const subscriber of set) subscriber.res.write(frameText);
    }
  }

  private toUser(userId: string, text: string): void {
    for (const subscriber of this.userStreams.get(userId) ?? []) subscriber.res.write(text);
  }

  private publish(channelId: string, event: string, data: unknown, id?: string): void {
    const streams = this.channels.get(channelId);
    if (!streams) return;
    const text = frame(event, data, id);
    for (const subscriber of streams.subscribers) subscriber.res.write(text);
  }
}

/** One SSE frame; JSON.stringify escapes newlines, so one `data:` line carries the whole payload. */
export function frame(event: string, data: unknown, id?: string): string {
  return `event: ${event}\n${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
}

function index(map: Map<string, Set<Subscriber>>, key: string, subscriber: Subscriber): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(subscriber);
}

function unindex(map: Map<string, Set<Subscriber>>, key: string, subscriber: Subscriber): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(subscriber);
  if (set.size === 0) map.delete(key);
}
