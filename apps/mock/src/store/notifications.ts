import type { components } from '@cohort/api';
import { HttpError } from '../lib/http-error.ts';
import type { Accounts } from './accounts.ts';
import type { Blocks } from './blocks.ts';
import { listCollection } from './collection.ts';
import type { StoreCore } from './core.ts';
import type { LiveEvents } from './live-events.ts';
import { toPerson } from './person.ts';
import { int, nullable, record, str } from './row-schema.ts';
import type { SettingsArea } from './settings.ts';
import type { NotificationKind, StoredChannel, StoredNotification } from './types.ts';

export type Notification = components['schemas']['Notification'];

/** A pin in a group this large notifies nobody (a real network would not notify 200,000 people of it either). */
export const PIN_NOTIFY_MAX_MEMBERS = 1000;

type Target = Partial<
  Pick<StoredNotification, 'connection_id' | 'channel_id' | 'invite_id' | 'message_id' | 'call_id' | 'post_id'>
>;

interface NotificationsUses {
  readonly accounts: Accounts;
  readonly blocks: Blocks;
  /** A group's name as the notified person sees it. */
  readonly channels: {
    get(id: string): StoredChannel | undefined;
    nameFor(viewerId: string, c: StoredChannel): string;
  };
  readonly events: LiveEvents;
  readonly settings: SettingsArea;
}

/** What happened to each user. */
export const NOTIFICATIONS = listCollection({
  name: 'notification',
  place: { field: 'notifications', optional: true },
  item: () =>
    record(
      { id: int, user_id: str, kind: str, created_at: str },
      {
        actor_id: nullable('string'),
        read_at: nullable('string'),
        connection_id: nullable('integer'),
        channel_id: nullable('string'),
        invite_id: nullable('integer'),
        message_id: nullable('string'),
        call_id: nullable('string'),
        post_id: nullable('string'),
      },
    ),
  read: (areas: { readonly notifications: Notifications }, key) => areas.notifications.get(Number(key)),
});

/** What happened to each user: one list, newest first, with an unread count; told live on the user stream. */
export class Notifications {
  private readonly byUser = new Map<string, StoredNotification[]>();
  private readonly byId = new Map<number, StoredNotification>();

  constructor(
    private readonly core: StoreCore,
    private readonly areas: NotificationsUses,
    notifications: StoredNotification[],
  ) {
    for (const n of notifications) this.index(n);
  }

  private index(n: StoredNotification): void {
    this.byId.set(n.id, n);
    const list = this.byUser.get(n.user_id);
    if (list) list.push(n);
    else this.byUser.set(n.user_id, [n]);
  }

  all(): StoredNotification[] {
    return [...this.byId.values()];
  }

  /** A deleted account's notifications go (others' about it then name "Someone"). */
  forgetUser(userId: string): void {
    for (const n of this.byUser.get(userId) ?? []) {
      this.core.touch(NOTIFICATIONS, String(n.id));
      this.byId.delete(n.id);
    }
    this.byUser.delete(userId);
  }

  get(id: number): StoredNotification | undefined {
    return this.byId.get(id);
  }

  unreadCount(userId: string): number {
    let count = 0;
    for (const n of this.byUser.get(userId) ?? []) if (n.read_at === null) count++;
    return count;
  }

  /** Records that `kind` happened to `userId` (never to the one who did it) and tells their streams. */
  notify(userId: string, kind: NotificationKind, actorId: string | null, target: Target): void {
    if (userId === actorId) return;
    // A block silences both ways: neither of the two notifies the other of anything.
    if (actorId !== null && this.areas.blocks.between(userId, actorId)) return;
    // Nor is a kind the user turned off recorded.
    if (!this.areas.settings.wants(userId, kind)) return;
    const n: StoredNotification = {
      id: this.core.nextId('notification'),
      user_id: userId,
      kind,
      actor_id: actorId,
      created_at: this.core.now().toISOString(),
      read_at: null,
      connection_id: target.connection_id ?? null,
      channel_id: target.channel_id ?? null,
      invite_id: target.invite_id ?? null,
      message_id: target.message_id ?? null,
      ...(target.call_id ? { call_id: target.call_id } : {}),
      ...(target.post_id ? { post_id: target.post_id } : {}),
    };
    this.core.touch(NOTIFICATIONS, String(n.id));
    this.index(n);
    this.tell(userId, n);
  }

  /** As the contract shows it: the actor and the group's name read now, so renames show. */
  view(n: StoredNotification): Notification {
    const actor = n.actor_id ? this.areas.accounts.find(n.actor_id) : undefined;
    const who = actor ? `${actor.first_name} ${actor.last_name}`.trim() || 'Someone' : 'Someone';
    const channel = n.channel_id ? this.areas.channels.get(n.channel_id) : undefined;
    const group = channel ? this.areas.channels.nameFor(n.user_id, channel) : 'a group';
    const text: Record<NotificationKind, string> = {
      connection_invited: `${who} invited you to connect.`,
      connection_accepted: `${who} accepted your invitation to connect.`,
      group_invited: `${who} invited you to ${group}.`,
      group_added: `${who} added you to ${group}.`,
      message_pinned: `${who} pinned a message in ${group}.`,
      call_missed: `You missed a call from ${who}.`,
      post_liked: `${who} liked your post.`,
      post_commented: `${who} commented on your post.`,
    };
    const { user_id: _user, actor_id: _actor, call_id, post_id, ...rest } = n;
    return {
      ...rest,
      ...(call_id ? { call_id } : {}),
      ...(post_id ? { post_id } : {}),
      text: text[n.kind],
      actor: actor ? toPerson(actor) : null,
    };
  }

  page(
    userId: string,
    before: number | undefined,
    limit: number,
  ): { data: Notification[]; meta: { has_more: boolean; next_before: number | null; unread_count: number } } {
    const mine = (this.byUser.get(userId) ?? [])
      .filter((n) => before === undefined || n.id < before)
      .sort((a, b) => b.id - a.id);
    const hasMore = mine.length > limit;
    return {
      data: mine.slice(0, limit).map((n) => this.view(n)),
      meta: {
        has_more: hasMore,
        next_before: hasMore ? (mine[limit - 1]?.id ?? null) : null,
        unread_count: this.unreadCount(userId),
      },
    };
  }

  /** Marks one of the user's own read (404 for anyone else's). */
  markRead(userId: string, id: number): Notification {
    const n = this.byId.get(id);
    if (!n || n.user_id !== userId) throw HttpError.notFound(`No notification with id ${id}.`);
    if (n.read_at === null) {
      this.core.touch(NOTIFICATIONS, String(id));
      n.read_at = this.core.now().toISOString();
      this.tell(userId, n);
    }
    return this.view(n);
  }

  markAllRead(userId: string): number {
    const now = this.core.now().toISOString();
    let changed = false;
    for (const n of this.byUser.get(userId) ?? []) {
      if (n.read_at !== null) continue;
      this.core.touch(NOTIFICATIONS, String(n.id));
      n.read_at = now;
      changed = true;
    }
    if (changed) this.areas.events.announce({ type: 'notification', userId, notification: null, unreadCount: 0 });
    return 0;
  }

  private tell(userId: string, n: StoredNotification): void {
    this.areas.events.announce({
      type: 'notification',
      userId,
      notification: this.view(n),
      unreadCount: this.unreadCount(userId),
    });
  }
}
