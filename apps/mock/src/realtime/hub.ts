import type { Response } from 'express';
import type { ChatEvent, ChatService } from '../store/chat.ts';

export const KEEP_ALIVE_MS = 15_000;

export interface HubOptions {
  /** How often a `: keep-alive` comment goes down each idle stream (default 15 s). */
  keepAliveMs?: number;
}

interface Subscriber {
  userId: string;
  res: Response;
  timer: NodeJS.Timeout;
  /** False once the token is revoked or the user left the group: the stream then ends. */
  allowed: () => boolean;
}

/**
 * The live side of chat: per-channel Server-Sent Event streams. Relays the ChatService's events,
 * counts who is online (distinct users with an open stream) and keeps idle streams alive.
 */
export class RealtimeHub {
  private readonly channels = new Map<string, Set<Subscriber>>();
  private readonly keepAliveMs: number;
  private readonly relay = (event: ChatEvent) => {
    if (event.type === 'message') this.publish(event.channelId, 'message', event.message, event.message.id);
    else this.publish(event.channelId, 'pin', { message: event.message });
  };

  constructor(
    private readonly chat: ChatService,
    options: HubOptions = {},
  ) {
    this.keepAliveMs = options.keepAliveMs ?? KEEP_ALIVE_MS;
    chat.on('chat', this.relay);
  }

  /** Turns `res` into an event stream of `channelId` until the client goes away. */
  subscribe(channelId: string, userId: string, res: Response, allowed: () => boolean = () => true): void {
    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // Tells nginx-style proxies not to buffer the stream.
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    res.write('retry: 3000\n\n');
    const timer = setInterval(() => {
      if (subscriber.allowed()) res.write(': keep-alive\n\n');
      else this.expel(channelId, subscriber);
    }, this.keepAliveMs);
    timer.unref();
    const subscriber: Subscriber = { userId, res, timer, allowed };
    let set = this.channels.get(channelId);
    if (!set) {
      set = new Set();
      this.channels.set(channelId, set);
    }
    set.add(subscriber);
    res.on('close', () => this.drop(channelId, subscriber));
    this.publishPresence(channelId);
  }

  /** Distinct users with an open stream on the channel. */
  onlineCount(channelId: string): number {
    return new Set([...(this.channels.get(channelId) ?? [])].map((s) => s.userId)).size;
  }

  /** Users with an open stream on the channel. */
  onlineUsers(channelId: string): Set<string> {
    return new Set([...(this.channels.get(channelId) ?? [])].map((s) => s.userId));
  }

  /** Channels that have at least one open stream. */
  activeChannels(): string[] {
    return [...this.channels.keys()];
  }

  /** Ends every stream and stops relaying (server shutdown). */
  close(): void {
    this.chat.off('chat', this.relay);
    for (const [channelId, set] of this.channels) {
      for (const subscriber of set) {
        clearInterval(subscriber.timer);
        subscriber.res.end();
      }
      this.channels.delete(channelId);
    }
  }

  /** Ends a stream whose user may no longer read the group; dropped first so nothing more is written to it. */
  private expel(channelId: string, subscriber: Subscriber): void {
    this.drop(channelId, subscriber);
    subscriber.res.end();
  }

  private drop(channelId: string, subscriber: Subscriber): void {
    clearInterval(subscriber.timer);
    const set = this.channels.get(channelId);
    if (!set?.delete(subscriber)) return;
    if (set.size === 0) this.channels.delete(channelId);
    else this.publishPresence(channelId);
  }

  private publishPresence(channelId: string): void {
    this.publish(channelId, 'presence', { online_count: this.onlineCount(channelId) });
  }

  private publish(channelId: string, event: string, data: unknown, id?: string): void {
    const set = this.channels.get(channelId);
    if (!set) return;
    // JSON.stringify escapes newlines, so one `data:` line carries the whole payload.
    const frame = `event: ${event}\n${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
    for (const subscriber of set) {
      if (subscriber.allowed()) subscriber.res.write(frame);
      else this.expel(channelId, subscriber);
    }
  }
}
