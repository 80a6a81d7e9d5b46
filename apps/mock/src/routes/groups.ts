import { announceChannel, announceJoined } from '../realtime/announce.ts';
import { chatOf } from '../store/chat.ts';
import {
  acceptGroupInvite,
  addGroupMembers,
  declineGroupInvite,
  getGroup,
  inviteToGroup,
  joinGroup,
  listGroupInvites,
  reactivateGroup,
  setFollowing,
} from '../store/groups.ts';
import { socialOf } from '../store/social.ts';
import { ok, type RouteContext, route } from './define.ts';

/** Group management: profile, follow, reactivate, join, members and invitations. */
export function groupsRoutes(ctx: RouteContext): void {
  const { store } = ctx;
  // The user streams hear of every change below (`announce*`, after the change).
  const announceOwn = (userId: string, channelId: string) => {
    const channel = store.raw.channels.get(channelId);
    if (channel) announceChannel(store, userId, channel);
  };
  /** The invitation as `ChannelInvite`, after accepting it. */
  const listInvite = (id: number, userId: string) => {
    const stored = socialOf(store.raw).channel_invites.find((i) => i.id === id && i.user_id === userId);
    const channel = stored ? store.raw.channels.get(stored.channel_id) : undefined;
    return stored && channel ? { ...stored, channel_name: store.channelName(userId, channel) } : undefined;
  };
  route(ctx, 'getChannel', ({ session, params }) => ({
    status: 200,
    body: ok(getGroup(store, session.user.id, params.id)),
  }));
  route(ctx, 'followChannel', ({ session, params }) => {
    const channel = setFollowing(store, session.user.id, params.id, true);
    announceOwn(session.user.id, params.id);
    return { status: 200, body: ok(channel, 'Following.') };
  });
  route(ctx, 'unfollowChannel', ({ session, params }) => {
    const channel = setFollowing(store, session.user.id, params.id, false);
    announceOwn(session.user.id, params.id);
    return { status: 200, body: ok(channel, 'Not following.') };
  });
  route(ctx, 'reactivateChannel', ({ session, params }) => {
    const channel = reactivateGroup(store, session.user.id, params.id);
    announceOwn(session.user.id, params.id);
    return { status: 200, body: ok(channel, 'Group reactivated.') };
  });
  route(ctx, 'joinChannel', ({ session, params }) => {
    const channel = joinGroup(store, session.user.id, params.id);
    announceJoined(store, params.id, [session.user.id]);
    return { status: 200, body: ok(channel, 'You joined the group.') };
  });
  route(ctx, 'addChannelMembers', ({ session, params, body }) => {
    const before = new Set(store.raw.channels.get(params.id)?.users ?? []);
    const channel = addGroupMembers(store, session.user.id, params.id, body.user_ids);
    announceJoined(store, params.id, new Set(body.user_ids.filter((id) => !before.has(id))));
    return { status: 200, body: ok(channel, 'Members added.') };
  });
  route(ctx, 'inviteToChannel', ({ session, params, body }) => {
    const made = inviteToGroup(store, session.user.id, params.id, body.user_ids);
    for (const invite of made) chatOf(store).announce({ type: 'invite', userId: invite.user_id, invite });
    return { status: 201, body: ok(made, made.length === 1 ? 'Invitation sent.' : `${made.length} invitations sent.`) };
  });
  route(ctx, 'listChannelInvites', ({ session }) => ({
    status: 200,
    body: ok(listGroupInvites(store, session.user.id)),
  }));
  route(ctx, 'acceptChannelInvite', ({ session, params }) => {
    const channel = acceptGroupInvite(store, session.user.id, params.id);
    const invite = listInvite(params.id, session.user.id);
    if (invite) chatOf(store).announce({ type: 'invite', userId: session.user.id, invite });
    announceJoined(store, channel.id, [session.user.id]);
    return { status: 200, body: ok(channel, 'Invitation accepted.') };
  });
  route(ctx, 'declineChannelInvite', ({ session, params }) => {
    const invite = declineGroupInvite(store, session.user.id, params.id);
    chatOf(store).announce({ type: 'invite', userId: session.user.id, invite });
    return { status: 200, body: ok(invite, 'Invitation declined.') };
  });
}
