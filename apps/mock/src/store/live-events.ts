import type { components } from '@cohort/api';
import { Emitter } from '../lib/emitter.ts';
import type { StoreCore } from './core.ts';
import type { Channel, Message } from './types.ts';

type Schemas = components['schemas'];
type PersonSummary = Schemas['PersonSummary'];

/**
 * A change someone's open streams hear of (a message, a call, a person's new name, a post, ...): what
 * the realtime hub relays, told only after the change's transaction commits.
 */
export type LiveEvent =
  | { type: 'message'; channelId: string; message: Message }
  | { type: 'pin'; channelId: string; message: Message | null }
  /** A message was edited or deleted: as it now reads. */
  | { type: 'message-updated'; channelId: string; message: Message }
  /** The user is no longer a member: their streams of the group end. */
  | { type: 'left'; channelId: string; userId: string }
  /** The token was revoked (logout): its streams end. */
  | { type: 'signed-out'; token: string }
  /** Both people's user streams: a call between them started, was answered or ended. */
  | { type: 'call'; call: Schemas['Call'] }
  /** Only `userId`'s user streams: the other person in their call relayed a WebRTC signal. */
  | { type: 'call-signal'; userId: string; signal: Schemas['UserCallSignalEvent']['data'] }
  /**
   * Sessions of the user ended: all but the one holding token `except` (password changed, signed
   * out elsewhere, account deleted), or only the one whose token hashes to `only`.
   */
  | { type: 'sessions-ended'; userId: string; except?: string; only?: string }
  /** Someone joined or left a group: its members' (and that person's) user streams hear of it. */
  | { type: 'member'; channelId: string; change: 'joined' | 'left'; user: PersonSummary; memberCount: number }
  /** Only `userId`'s user streams: an invitation to them was made, accepted or declined. */
  | { type: 'invite'; userId: string; invite: Schemas['ChannelInvite'] }
  /** Both people's user streams: an invitation to connect between them was made or answered, or a connection removed. */
  | { type: 'connection'; connection: Schemas['Connection'] }
  /** Only `userId`'s user streams: a new notification (or null: all read), with the count after it. */
  | { type: 'notification'; userId: string; notification: Schemas['Notification'] | null; unreadCount: number }
  /** Each of `userIds`' user streams: `user` changed their name or profile photo. */
  | { type: 'person'; userIds: readonly string[]; user: PersonSummary }
  /** Only `userId`'s user streams: one of their groups as they see it changed. */
  | { type: 'channel'; userId: string; channel: Channel }
  /**
   * A post, like, comment or story: the user streams of whoever `to` allows (asked when it is sent),
   * each with `data` as that user sees it.
   */
  | {
      type: 'feed';
      event: 'post' | 'post_liked' | 'post_updated' | 'comment' | 'story';
      to: (userId: string) => boolean;
      data: (userId: string) => unknown;
    };

/** The store's live events: every area announces its changes here, and the live streams listen (`'live'`). */
export class LiveEvents extends Emitter<{ live: [LiveEvent] }> {
  constructor(private readonly core: StoreCore) {
    super();
  }

  /** Tells the streams of a change once the request's transaction has committed (never after a rollback). */
  announce(event: LiveEvent): void {
    this.core.afterCommit(() => this.emit('live', event));
  }
}
