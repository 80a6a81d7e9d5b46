import type { components } from '@cohort/api';
import { byCodeUnits } from '../lib/compare.ts';
import { HttpError } from '../lib/http-error.ts';
import type { Channels } from './channels.ts';
import { listCollection } from './collection.ts';
import type { StoreCore } from './core.ts';
import type { Notifications } from './notifications.ts';
import { contractRecord } from './row-schema.ts';
import type { StoredChannel, StoredChannelInvite } from './types.ts';

export type ChannelInvite = components['schemas']['ChannelInvite'];

/** Invitations to join a group. */
export const CHANNEL_INVITES = listCollection({
  name: 'channel_invite',
  place: { part: 'social', field: 'channel_invites', optional: true },
  item: (doc) => contractRecord(doc, 'ChannelInvite', { without: ['channel_name'] }),
  read: (areas: { readonly invites: Invites }, key) => areas.invites.all().find((item) => String(item.id) === key),
});

/** Invitations into groups: made by members, answered (accepted or declined) by the invited. */
export class Invites {
  private readonly byId: Map<number, StoredChannelInvite>;

  constructor(
    private readonly core: StoreCore,
    private readonly areas: { readonly channels: Channels; readonly notifications: Notifications },
    invites: StoredChannelInvite[],
  ) {
    this.byId = new Map(invites.map((i) => [i.id, i]));
  }

  all(): StoredChannelInvite[] {
    return [...this.byId.values()];
  }

  /** As the contract shows it: with the group's name as the invited person sees it (a rename shows up). */
  view(invite: StoredChannelInvite): ChannelInvite {
    const channel = this.areas.channels.get(invite.channel_id);
    return {
      ...invite,
      channel_name: channel ? this.areas.channels.nameFor(invite.user_id, channel) : 'Deleted group',
    };
  }

  /** Invites everyone not yet a member nor already invited; returns the invitations made. */
  invite(userId: string, id: string, userIds: string[]): StoredChannelInvite[] {
    const channel = this.areas.channels.requireInviter(userId, id, userIds);
    // Sets, so inviting 1,000 people into a group of 200,000 is linear, not 1,000 scans of the group.
    const pending = new Set(
      this.all()
        .filter((i) => i.channel_id === id && i.status === 'pending')
        .map((i) => i.user_id),
    );
    const members = new Set(channel.users);
    const made: StoredChannelInvite[] = [];
    const now = this.core.now().toISOString();
    for (const uid of userIds) {
      if (members.has(uid) || pending.has(uid)) continue;
      pending.add(uid);
      const invite: StoredChannelInvite = {
        id: this.core.nextId('channel_invite'),
        channel_id: id,
        user_id: uid,
        invited_by: userId,
        status: 'pending',
        created_at: now,
      };
      this.core.touch(CHANNEL_INVITES, String(invite.id));
      this.byId.set(invite.id, invite);
      made.push(invite);
      this.areas.notifications.notify(uid, 'group_invited', userId, { invite_id: invite.id, channel_id: id });
    }
    return made;
  }

  pendingFor(userId: string): StoredChannelInvite[] {
    return this.all()
      .filter((i) => i.user_id === userId && i.status === 'pending')
      .sort((a, b) => byCodeUnits(b.created_at, a.created_at) || b.id - a.id);
  }

  private own(userId: string, id: number): StoredChannelInvite {
    const invite = this.byId.get(id);
    if (!invite || invite.user_id !== userId) throw HttpError.notFound(`No invitation with id ${id}.`);
    if (invite.status !== 'pending') throw HttpError.conflict(`This invitation was already ${invite.status}.`);
    return invite;
  }

  accept(userId: string, id: number): { invite: StoredChannelInvite; channel: StoredChannel } {
    const invite = this.own(userId, id);
    const { channels } = this.areas;
    const channel = channels.require(invite.channel_id);
    this.core.touch(CHANNEL_INVITES, String(invite.id));
    invite.status = 'accepted';
    channels.addMembers(channel, [userId]);
    channels.setFlag('inactive', userId, channel.id, false);
    return { invite, channel };
  }

  decline(userId: string, id: number): StoredChannelInvite {
    const invite = this.own(userId, id);
    this.core.touch(CHANNEL_INVITES, String(invite.id));
    invite.status = 'declined';
    return invite;
  }

  /** A deleted account's pending group invitations, to it and from it, are declined. */
  forgetUser(userId: string): void {
    this.declinePending((i) => i.user_id === userId || i.invited_by === userId);
  }

  /** A block declines every group invitation still pending from one of the two to the other. */
  declineBetween(a: string, b: string): void {
    this.declinePending((i) => (i.user_id === a && i.invited_by === b) || (i.user_id === b && i.invited_by === a));
  }

  private declinePending(matches: (invite: StoredChannelInvite) => boolean): void {
    for (const invite of this.byId.values()) {
      if (invite.status !== 'pending' || !matches(invite)) continue;
      this.core.touch(CHANNEL_INVITES, String(invite.id));
      invite.status = 'declined';
    }
  }
}
