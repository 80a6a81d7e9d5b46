import type { components } from '@cohort/api';
import { HttpError } from '../http-error.ts';
import { chatOf } from './chat.ts';
import { toPerson } from './directory.ts';
import { nextId, type StoredChannelInvite, socialOf } from './social.ts';
import type { Store } from './store.ts';
import type { Channel, StoredChannel } from './types.ts';

type Schemas = components['schemas'];
export type ChannelDetail = Schemas['ChannelDetail'];
export type ChannelInvite = Schemas['ChannelInvite'];
export type ChannelStatus = 'active' | 'inactive';

/** Seen within this long counts as online (the group profile's online count). */
export const ONLINE_WINDOW_MS = 5 * 60_000;

const has = (record: Record<string, string[]>, userId: string, channelId: string) =>
  record[userId]?.includes(channelId) ?? false;

/** Adds members who start with the group's history read, as a new member of any chat app does. */
function addMembers(store: Store, channel: StoredChannel, userIds: Iterable<string>): void {
  // A Set, so adding 1,000 people to a group of 200,000 is linear, not 1,000 scans of the group.
  const present = new Set(channel.users);
  for (const userId of userIds) {
    if (present.has(userId)) continue;
    present.add(userId);
    channel.users.push(userId);
    chatOf(store).markAllRead(userId, channel.id);
  }
}

/**
 * Whether `userId` may see the group at all. Members always; otherwise only a public group, and a
 * subgroup only when it is public and its main group is one the user belongs to or may see
 * (the spec's Make Public: "if closed anyone in the main group can see"). A one-to-one chat is
 * never public.
 */
export function canSee(store: Store, userId: string, channel: StoredChannel, depth = 0): boolean {
  if (channel.users.includes(userId)) return true;
  if (!channel.is_public || channel.is_direct) return false;
  if (!channel.parent_id) return true;
  if (depth >= 8) return false;
  const parent = store.raw.channels.get(channel.parent_id);
  return parent !== undefined && canSee(store, userId, parent, depth + 1);
}

function setFlag(record: Record<string, string[]>, userId: string, channelId: string, on: boolean): void {
  const list = record[userId] ?? [];
  const without = list.filter((id) => id !== channelId);
  record[userId] = on ? [...without, channelId] : without;
}

/** The signed-in user's view of a group: the contract's Channel plus `is_member`, `is_following`, `status`, `member_count`. */
export function groupFields(
  store: Store,
  userId: string,
  channel: StoredChannel,
): Pick<Channel, 'is_member' | 'is_following' | 'status' | 'member_count'> {
  const social = socialOf(store.raw);
  return {
    is_member: channel.users.includes(userId),
    is_following: has(social.following, userId, channel.id),
    status: has(social.inactive, userId, channel.id) ? 'inactive' : 'active',
    member_count: channel.users.length,
  };
}

export function viewChannel(store: Store, userId: string, channel: StoredChannel): Channel {
  return { ...store.channelFor(userId, channel), ...groupFields(store, userId, channel) };
}

function requireChannel(store: Store, id: string): StoredChannel {
  const channel = store.raw.channels.get(id);
  if (!channel) throw HttpError.notFound(`No group with id ${id}.`);
  return channel;
}

/** 409 (the contract's NotAMember) when the user is not in the group. */
function memberChannel(store: Store, userId: string, id: string): StoredChannel {
  const channel = requireChannel(store, id);
  if (!channel.users.includes(userId)) throw HttpError.conflict('You are not a member of this group.');
  return channel;
}

/** The user's groups, most recently active first; `status` keeps only My Groups or Inactive Groups. */
export function listMyGroups(store: Store, userId: string, status?: ChannelStatus): Channel[] {
  return [...store.raw.channels.values()]
    .filter((c) => c.users.includes(userId))
    .filter((c) => status === undefined || groupFields(store, userId, c).status === status)
    .sort((a, b) => b.last_activity_at.localeCompare(a.last_activity_at))
    .map((c) => viewChannel(store, userId, c));
}

export function getGroup(store: Store, userId: string, id: string): ChannelDetail {
  const channel = requireChannel(store, id);
  if (!canSee(store, userId, channel)) throw HttpError.forbidden('This group is private; only its members can see it.');
  const since = store.raw.now().getTime() - ONLINE_WINDOW_MS;
  const members = channel.users.flatMap((uid) => {
    const user = store.findUser(uid);
    return user ? [user] : [];
  });
  const subgroups = [...store.raw.channels.values()]
    .filter((c) => c.parent_id === channel.id && canSee(store, userId, c))
    .map((c) => ({
      id: c.id,
      name: store.channelName(userId, c),
      member_count: c.users.length,
      expires_year: c.expires_year,
      is_member: c.users.includes(userId),
      // Whether JOIN can work (joinGroup's rule), so a client offers it only then.
      is_closed: c.is_closed || c.is_direct === true,
      is_open: c.is_open === true,
    }));
  return {
    ...viewChannel(store, userId, channel),
    members: members.map(toPerson),
    subgroups,
    member_count: members.length,
    online_count: members.filter((u) => Date.parse(u.last_seen_at) >= since).length,
  };
}

export function setFollowing(store: Store, userId: string, id: string, following: boolean): Channel {
  const channel = memberChannel(store, userId, id);
  setFlag(socialOf(store.raw).following, userId, id, following);
  store.save();
  return viewChannel(store, userId, channel);
}

export function reactivateGroup(store: Store, userId: string, id: string): Channel {
  const channel = memberChannel(store, userId, id);
  setFlag(socialOf(store.raw).inactive, userId, id, false);
  store.save();
  return viewChannel(store, userId, channel);
}

export function joinGroup(store: Store, userId: string, id: string): Channel {
  const channel = requireChannel(store, id);
  if (channel.users.includes(userId)) throw HttpError.conflict('You are already a member of this group.');
  // A one-to-one chat is never joinable, nor a closed group (whatever `is_open` says), and nobody
  // joins a group they may not even see.
  if (channel.is_direct || channel.is_closed || !channel.is_open || !canSee(store, userId, channel)) {
    throw HttpError.forbidden('This group is closed; joining needs an invitation.');
  }
  addMembers(store, channel, [userId]);
  store.save();
  return viewChannel(store, userId, channel);
}

/** 403 unless the user belongs to the group; 422 naming every unknown id. */
function checkInviter(store: Store, userId: string, id: string, userIds: string[]): StoredChannel {
  const channel = requireChannel(store, id);
  if (!channel.users.includes(userId)) throw HttpError.forbidden('Only members can add or invite people.');
  if (channel.is_direct) {
    throw HttpError.forbidden('A one-to-one chat has exactly two people; start a group to add more.');
  }
  const errors: Record<string, string[]> = {};
  userIds.forEach((uid, i) => {
    if (!store.findUser(uid)) errors[`user_ids.${i}`] = [`No user with id ${uid}.`];
  });
  if (Object.keys(errors).length > 0) throw HttpError.invalid(errors);
  return channel;
}

export function addGroupMembers(store: Store, userId: string, id: string, userIds: string[]): Channel {
  const channel = checkInviter(store, userId, id, userIds);
  addMembers(store, channel, userIds);
  store.save();
  return viewChannel(store, userId, channel);
}

function toInvite(store: Store, invite: StoredChannelInvite): ChannelInvite {
  const channel = store.raw.channels.get(invite.channel_id);
  return { ...invite, channel_name: channel ? store.channelName(invite.user_id, channel) : 'Deleted group' };
}

/** Invites everyone not yet a member nor already invited; returns the invitations made. */
export function inviteToGroup(store: Store, userId: string, id: string, userIds: string[]): ChannelInvite[] {
  const channel = checkInviter(store, userId, id, userIds);
  const invites = socialOf(store.raw).channel_invites;
  const pending = new Set(invites.filter((i) => i.channel_id === id && i.status === 'pending').map((i) => i.user_id));
  // Sets, so inviting 1,000 people into a group of 200,000 is linear, not 1,000 scans of the group.
  const members = new Set(channel.users);
  const made: StoredChannelInvite[] = [];
  const now = store.raw.now().toISOString();
  for (const uid of userIds) {
    if (members.has(uid) || pending.has(uid)) continue;
    pending.add(uid);
    const invite: StoredChannelInvite = {
      id: nextId(invites),
      channel_id: id,
      user_id: uid,
      invited_by: userId,
      status: 'pending',
      created_at: now,
    };
    invites.push(invite);
    made.push(invite);
  }
  store.save();
  return made.map((i) => toInvite(store, i));
}

export function listGroupInvites(store: Store, userId: string): ChannelInvite[] {
  return socialOf(store.raw)
    .channel_invites.filter((i) => i.user_id === userId && i.status === 'pending')
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
    .map((i) => toInvite(store, i));
}

function ownInvite(store: Store, userId: string, id: number): StoredChannelInvite {
  const invite = socialOf(store.raw).channel_invites.find((i) => i.id === id && i.user_id === userId);
  if (!invite) throw HttpError.notFound(`No invitation with id ${id}.`);
  if (invite.status !== 'pending') throw HttpError.conflict(`This invitation was already ${invite.status}.`);
  return invite;
}

export function acceptGroupInvite(store: Store, userId: string, id: number): Channel {
  const invite = ownInvite(store, userId, id);
  const channel = requireChannel(store, invite.channel_id);
  invite.status = 'accepted';
  addMembers(store, channel, [userId]);
  setFlag(socialOf(store.raw).inactive, userId, channel.id, false);
  store.save();
  return viewChannel(store, userId, channel);
}

export function declineGroupInvite(store: Store, userId: string, id: number): ChannelInvite {
  const invite = ownInvite(store, userId, id);
  invite.status = 'declined';
  store.save();
  return toInvite(store, invite);
}
