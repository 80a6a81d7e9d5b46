import type { components } from '@cohort/api';
import { byCodeUnits } from '../lib/compare.ts';
import { fromBase64Url, toBase64Url } from '../lib/crypto.ts';
import { HttpError } from '../lib/http-error.ts';
import { randomId } from '../lib/ids.ts';
import type { Accounts } from './accounts.ts';
import type { Blocks } from './blocks.ts';
import { listCollection, mapCollection } from './collection.ts';
import type { StoreCore } from './core.ts';
import type { Notifications } from './notifications.ts';
import { toPerson } from './person.ts';
import type { Resources } from './resources.ts';
import { bool, contractRecord, nullable, str, strings } from './row-schema.ts';
import type { Channel, SocialState, StoredChannel } from './types.ts';

type Schemas = components['schemas'];
export type ChannelInput = Schemas['ChannelInput'];
export type ChannelDetail = Schemas['ChannelDetail'];
export type ChannelStatus = 'active' | 'inactive';
type MemberPage = { data: Schemas['PersonSummary'][]; meta: Schemas['PageMeta'] };

/** How many members a Channel (`users`) and a ChannelDetail (`members`) embed; `members()` pages them all. */
export const MEMBER_SAMPLE = 20;

/** A members cursor: the position after the page's last member, that member's id and the next one's. */
const MEMBER_CURSOR = /^(\d{1,9})\|(usr_[A-Za-z0-9_-]{16,64})\|(usr_[A-Za-z0-9_-]{16,64})$/;

/** Seen within this long counts as online (the group profile's online count). */
export const ONLINE_WINDOW_MS = 5 * 60_000;

/** Why a person on the other side of a block cannot be added, invited or chatted with. */
const BLOCKED = 'This person cannot be added: one of you has blocked the other.';

interface ChannelsUses {
  readonly accounts: Accounts;
  readonly blocks: Blocks;
  /** Joining a group marks what it already holds as read. */
  readonly chat: { markAllRead(userId: string, channelId: string): void };
  readonly notifications: Notifications;
  readonly resources: Resources;
}

/** Groups and one-to-one chats. */
export const CHANNELS = listCollection({
  name: 'channel',
  place: { field: 'channels' },
  item: (doc) =>
    contractRecord(doc, 'Channel', {
      // The count is the members' number when the group is read, never stored.
      without: ['member_count'],
      required: { id: str, users: strings, created_at: str, last_activity_at: str },
      optional: {
        parent_id: nullable('string'),
        is_public: bool,
        is_open: bool,
        expires_year: nullable('integer'),
        created_by: str,
      },
    }),
  read: (areas: { readonly channels: Channels }, key) => areas.channels.get(key),
});

/** User id → ids of the groups they follow. */
export const FOLLOWING = mapCollection({
  name: 'following',
  place: { part: 'social', field: 'following', optional: true },
  item: () => strings,
  read: (areas: { readonly channels: Channels }, key) => areas.channels.allFlags().following[key],
});

/** User id → ids of the groups they set inactive. */
export const INACTIVE = mapCollection({
  name: 'inactive',
  place: { part: 'social', field: 'inactive', optional: true },
  item: () => strings,
  read: (areas: { readonly channels: Channels }, key) => areas.channels.allFlags().inactive[key],
});

const FLAGS = { following: FOLLOWING, inactive: INACTIVE };

/**
 * Groups and one-to-one chats: who is in them, who may see and join them, and each member's own
 * settings of them (following, inactive). Messages live in `Chat`, invitations in `Invites`.
 */
export class Channels {
  private readonly byId: Map<string, StoredChannel>;

  constructor(
    private readonly core: StoreCore,
    private readonly areas: ChannelsUses,
    channels: StoredChannel[],
    private readonly flags: Pick<SocialState, 'following' | 'inactive'>,
  ) {
    this.byId = new Map(channels.map((c) => [c.id, c]));
  }

  all(): StoredChannel[] {
    return [...this.byId.values()];
  }

  get(id: string): StoredChannel | undefined {
    return this.byId.get(id);
  }

  require(id: string): StoredChannel {
    const channel = this.byId.get(id);
    if (!channel) throw HttpError.notFound(`No group with id ${id}.`);
    return channel;
  }

  isMember(userId: string, channelId: string): boolean {
    return this.byId.get(channelId)?.users.includes(userId) ?? false;
  }

  /** 409 (the contract's NotAMember) when the user is not in the group. */
  requireMembership(userId: string, id: string): StoredChannel {
    const channel = this.require(id);
    if (!channel.users.includes(userId)) throw HttpError.conflict('You are not a member of this group.');
    return channel;
  }

  /** The channels `userId` belongs to, most recently active first. */
  of(userId: string): StoredChannel[] {
    return this.all()
      .filter((c) => c.users.includes(userId))
      .sort((a, b) => byCodeUnits(b.last_activity_at, a.last_activity_at));
  }

  /**
   * The channel's name as `viewerId` sees it: a one-to-one chat is titled with the other member's
   * full name, so each of the two sees the other's; any other channel has its stored name.
   */
  nameFor(viewerId: string, c: StoredChannel): string {
    if (!c.is_direct) return c.name;
    const otherId = c.users.find((id) => id !== viewerId);
    const other = otherId ? this.areas.accounts.find(otherId) : undefined;
    if (otherId && !other) return 'Deleted user';
    return (other && `${other.first_name} ${other.last_name}`.trim()) || c.name;
  }

  /** The contract's Channel as `viewerId` sees it: its name, and their membership, follow and status. */
  view(viewerId: string, c: StoredChannel): Channel {
    const { last_activity_at: _activity, ...channel } = c;
    return {
      ...channel,
      is_direct: c.is_direct ?? false,
      users: c.users.slice(0, MEMBER_SAMPLE),
      tags: [...c.tags],
      name: this.nameFor(viewerId, c),
      is_member: c.users.includes(viewerId),
      is_following: this.flag('following', viewerId, c.id),
      status: this.flag('inactive', viewerId, c.id) ? 'inactive' : 'active',
      member_count: c.users.length,
    };
  }

  /**
   * Whether `userId` may see the group at all. Members always; otherwise only a public group, and a
   * subgroup only when it is public and its main group is one the user belongs to or may see
   * (a public subgroup is for whoever may see its main group), or when it is open and the user is in
   * its main group (so whoever may join it finds it, before joining and after leaving). A one-to-one
   * chat is never public.
   */
  canSee(userId: string, channel: StoredChannel, depth = 0): boolean {
    if (channel.users.includes(userId)) return true;
    if (channel.is_direct) return false;
    const parent = channel.parent_id ? this.byId.get(channel.parent_id) : undefined;
    // Whoever may join an open subgroup sees it, so leaving it never hides the way back in.
    if (parent?.users.includes(userId) && channel.is_open && !channel.is_closed) return true;
    if (!channel.is_public) return false;
    if (!channel.parent_id) return true;
    if (depth >= 8) return false;
    return parent !== undefined && this.canSee(userId, parent, depth + 1);
  }

  /** The user's groups, most recently active first; `status` keeps only My Groups or Inactive Groups. */
  listMine(userId: string, status?: ChannelStatus): Channel[] {
    return this.of(userId)
      .map((c) => this.view(userId, c))
      .filter((c) => status === undefined || c.status === status);
  }

  detail(userId: string, id: string): ChannelDetail {
    const channel = this.require(id);
    if (!this.canSee(userId, channel)) throw HttpError.forbidden('This group is private; only its members can see it.');
    const since = this.core.nowMs() - ONLINE_WINDOW_MS;
    const members = channel.users.flatMap((uid) => this.areas.accounts.find(uid) ?? []);
    const sample = channel.users.slice(0, MEMBER_SAMPLE).flatMap((uid) => this.areas.accounts.find(uid) ?? []);
    const subgroups = this.all()
      .filter((c) => c.parent_id === channel.id && this.canSee(userId, c))
      .map((c) => ({
        id: c.id,
        name: this.nameFor(userId, c),
        member_count: c.users.length,
        expires_year: c.expires_year,
        is_member: c.users.includes(userId),
        // Whether JOIN can work (join's rule), so a client offers it only then.
        is_closed: c.is_closed || c.is_direct === true,
        is_open: c.is_open === true,
      }));
    return {
      ...this.view(userId, channel),
      members: sample.map(toPerson),
      subgroups,
      member_count: members.length,
      online_count: members.filter((u) => Date.parse(u.last_seen_at) >= since).length,
    };
  }

  /**
   * One page of the group's members in `users` order, for its members only (403 for anyone else).
   * The cursor names where the page ended, its last member and the next one: a page costs its size
   * unless those moved, and a member leaving in between shifts nobody past the cursor.
   */
  members(userId: string, id: string, cursor: string | undefined, limit: number): MemberPage {
    const channel = this.require(id);
    if (!channel.users.includes(userId)) throw HttpError.forbidden('Only members can list the members of this group.');
    let start = 0;
    if (cursor !== undefined) {
      const match = MEMBER_CURSOR.exec(cursorText(cursor));
      if (!match?.[1] || !match[2]) return { data: [], meta: { has_more: false, next_cursor: null } };
      const [after, last, next] = [Number(match[1]), match[2], match[3] ?? ''];
      if (channel.users[after - 1] === last) start = after;
      else {
        const at = channel.users.indexOf(last);
        const nextAt = at >= 0 ? -1 : channel.users.indexOf(next);
        start = at >= 0 ? at + 1 : nextAt >= 0 ? nextAt : Math.min(Math.max(0, after - 1), channel.users.length);
      }
    }
    const ids = channel.users.slice(start, start + limit);
    const end = start + ids.length;
    const hasMore = end < channel.users.length;
    const lastId = ids.at(-1);
    const nextId = channel.users[end];
    const cursorOut = `${end}|${lastId}|${nextId}`;
    return {
      data: ids.flatMap((uid) => this.areas.accounts.find(uid) ?? []).map(toPerson),
      meta: {
        has_more: hasMore,
        next_cursor: hasMore && lastId && nextId ? toBase64Url(new TextEncoder().encode(cursorOut)) : null,
      },
    };
  }

  create(userId: string, input: ChannelInput): StoredChannel {
    const { accounts, resources } = this.areas;
    const errors: Record<string, string[]> = {};
    input.users.forEach((id, i) => {
      if (!accounts.find(id)) errors[`users.${i}`] = [`No user with id ${id}.`];
      else if (id !== userId && this.areas.blocks.between(userId, id)) errors[`users.${i}`] = [BLOCKED];
    });
    input.tags.forEach((id, i) => {
      if (!resources.find('Tag', id)) errors[`tags.${i}`] = [`No tag with id ${id}.`];
    });
    const parent = input.parent_id ? this.byId.get(input.parent_id) : undefined;
    if (input.parent_id && !parent) errors.parent_id = [`No group with id ${input.parent_id}.`];
    else if (parent?.is_direct) errors.parent_id = ['A one-to-one chat cannot have subgroups.'];
    const others = new Set(input.users.filter((id) => id !== userId));
    if (input.is_direct && others.size !== 1) {
      errors.users = [`A one-to-one chat needs exactly one other person; got ${others.size}.`];
    }
    if (Object.keys(errors).length > 0) throw HttpError.invalid(errors);
    // Only a member of the main group may create a subgroup under it (else anyone could plant
    // one in a private group and have it listed on that group's profile).
    if (parent && !parent.users.includes(userId)) {
      throw HttpError.forbidden('Only members of the main group can create a subgroup in it.');
    }
    // A one-to-one chat is always closed, private and invitation-free, whatever the body says.
    const direct = input.is_direct ?? false;
    const now = this.core.now().toISOString();
    const channel: StoredChannel = {
      id: randomId('chan'),
      name: input.name,
      description: input.description,
      tags: input.tags,
      is_closed: direct || input.is_closed,
      users: [userId, ...others],
      parent_id: direct ? null : (input.parent_id ?? null),
      is_public: direct ? false : (input.is_public ?? !input.is_closed),
      // Closed wins: a closed group is never open to join without an invitation.
      is_open: direct || input.is_closed ? false : (input.is_open ?? true),
      expires_year: input.expires_year ?? null,
      is_direct: direct,
      created_by: userId,
      created_at: now,
      last_activity_at: now,
    };
    this.core.touch(CHANNELS, channel.id);
    this.byId.set(channel.id, channel);
    return channel;
  }

  leave(userId: string, channelId: string): StoredChannel {
    const channel = this.requireMembership(userId, channelId);
    this.core.touch(CHANNELS, channelId);
    channel.users.splice(channel.users.indexOf(userId), 1);
    return channel;
  }

  join(userId: string, id: string): StoredChannel {
    const channel = this.require(id);
    if (channel.users.includes(userId)) throw HttpError.conflict('You are already a member of this group.');
    // A one-to-one chat is never joinable, nor a closed group (whatever `is_open` says), and nobody
    // joins a group they may not even see.
    if (channel.is_direct || channel.is_closed || !channel.is_open || !this.canSee(userId, channel)) {
      throw HttpError.forbidden('This group is closed; joining needs an invitation.');
    }
    this.addMembers(channel, [userId]);
    return channel;
  }

  /** 403 unless the user belongs to the group (and it is not a one-to-one chat); 422 naming every unknown id. */
  requireInviter(userId: string, id: string, userIds: string[]): StoredChannel {
    const channel = this.require(id);
    if (!channel.users.includes(userId)) throw HttpError.forbidden('Only members can add or invite people.');
    if (channel.is_direct) {
      throw HttpError.forbidden('A one-to-one chat has exactly two people; start a group to add more.');
    }
    const errors: Record<string, string[]> = {};
    userIds.forEach((uid, i) => {
      if (!this.areas.accounts.find(uid)) errors[`user_ids.${i}`] = [`No user with id ${uid}.`];
      else if (this.areas.blocks.between(userId, uid)) errors[`user_ids.${i}`] = [BLOCKED];
    });
    if (Object.keys(errors).length > 0) throw HttpError.invalid(errors);
    return channel;
  }

  /** A member adds people; returns who was new (each is notified). */
  add(userId: string, id: string, userIds: string[]): { channel: StoredChannel; added: string[] } {
    const channel = this.requireInviter(userId, id, userIds);
    const added = this.addMembers(channel, userIds);
    for (const uid of added) this.areas.notifications.notify(uid, 'group_added', userId, { channel_id: id });
    return { channel, added };
  }

  /**
   * Adds members who start with the group's history read, as a new member of any chat app does;
   * returns who was new. A Set, so adding 1,000 people to a group of 200,000 is linear.
   */
  addMembers(channel: StoredChannel, userIds: Iterable<string>): string[] {
    const present = new Set(channel.users);
    const added: string[] = [];
    for (const userId of userIds) {
      if (present.has(userId)) continue;
      this.core.touch(CHANNELS, channel.id);
      present.add(userId);
      channel.users.push(userId);
      added.push(userId);
      this.areas.chat.markAllRead(userId, channel.id);
    }
    return added;
  }

  /**
   * A deleted account leaves every group (returned, so their members can be told); it stays in
   * its one-to-one chats, which the other person keeps. Its follows and inactive marks go.
   */
  forgetUser(userId: string): StoredChannel[] {
    const left: StoredChannel[] = [];
    for (const channel of this.byId.values()) {
      if (channel.is_direct || !channel.users.includes(userId)) continue;
      this.core.touch(CHANNELS, channel.id);
      channel.users.splice(channel.users.indexOf(userId), 1);
      left.push(channel);
    }
    for (const flag of ['following', 'inactive'] as const) {
      if (!this.flags[flag][userId]) continue;
      this.core.touch(FLAGS[flag], userId);
      delete this.flags[flag][userId];
    }
    return left;
  }

  /** A newer message (or creation) makes the group the most recently active. */
  touchActivity(channel: StoredChannel, time: string): void {
    this.core.touch(CHANNELS, channel.id);
    channel.last_activity_at = time;
  }

  setFollowing(userId: string, id: string, following: boolean): StoredChannel {
    const channel = this.requireMembership(userId, id);
    this.setFlag('following', userId, id, following);
    return channel;
  }

  reactivate(userId: string, id: string): StoredChannel {
    const channel = this.requireMembership(userId, id);
    this.setFlag('inactive', userId, id, false);
    return channel;
  }

  allFlags(): Pick<SocialState, 'following' | 'inactive'> {
    return this.flags;
  }

  private flag(flag: 'following' | 'inactive', userId: string, channelId: string): boolean {
    return this.flags[flag][userId]?.includes(channelId) ?? false;
  }

  setFlag(flag: 'following' | 'inactive', userId: string, channelId: string, on: boolean): void {
    const record = this.flags[flag];
    this.core.touch(FLAGS[flag], userId);
    const without = (record[userId] ?? []).filter((id) => id !== channelId);
    record[userId] = on ? [...without, channelId] : without;
  }
}

/** A cursor's text; '' when it is not base64url (it then names no member). */
function cursorText(cursor: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(cursor));
  } catch {
    return '';
  }
}
