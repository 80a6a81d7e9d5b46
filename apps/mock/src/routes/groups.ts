import { ok, type RouteContext, route } from '../engine/dispatch.ts';
import { announceChannel, announceJoined } from '../realtime/announce.ts';
import type { StoredChannel } from '../store/types.ts';

/** Group management: profile, follow, reactivate, join, members and invitations. */
export function groupsRoutes(ctx: RouteContext): void {
  const { store } = ctx;
  const view = (userId: string, channel: StoredChannel) => store.channels.view(userId, channel);
  // The user streams hear of every change below (`announce*`, told once the change commits).
  route(ctx, 'getChannel', ({ session, params }) => ({
    status: 200,
    body: ok(store.channels.detail(session.user.id, params.id)),
  }));
  route(ctx, 'listChannelMembers', ({ session, params, query }) => ({
    status: 200,
    body: {
      success: true as const,
      message: 'OK',
      ...store.channels.members(session.user.id, params.id, query.cursor, query.limit ?? 50),
    },
  }));
  route(ctx, 'followChannel', ({ session, params }) => {
    const channel = store.channels.setFollowing(session.user.id, params.id, true);
    announceChannel(store, session.user.id, channel);
    return { status: 200, body: ok(view(session.user.id, channel), 'Following.') };
  });
  route(ctx, 'unfollowChannel', ({ session, params }) => {
    const channel = store.channels.setFollowing(session.user.id, params.id, false);
    announceChannel(store, session.user.id, channel);
    return { status: 200, body: ok(view(session.user.id, channel), 'Not following.') };
  });
  route(ctx, 'reactivateChannel', ({ session, params }) => {
    const channel = store.channels.reactivate(session.user.id, params.id);
    announceChannel(store, session.user.id, channel);
    return { status: 200, body: ok(view(session.user.id, channel), 'Group reactivated.') };
  });
  route(ctx, 'joinChannel', ({ session, params }) => {
    const channel = store.channels.join(session.user.id, params.id);
    announceJoined(store, channel, [session.user.id]);
    return { status: 200, body: ok(view(session.user.id, channel), 'You joined the group.') };
  });
  route(ctx, 'addChannelMembers', ({ session, params, body }) => {
    const { channel, added } = store.channels.add(session.user.id, params.id, body.user_ids);
    announceJoined(store, channel, added);
    return { status: 200, body: ok(view(session.user.id, channel), 'Members added.') };
  });
  route(ctx, 'inviteToChannel', ({ session, params, body }) => {
    const made = store.invites.invite(session.user.id, params.id, body.user_ids).map((i) => store.invites.view(i));
    for (const invite of made) store.events.announce({ type: 'invite', userId: invite.user_id, invite });
    return { status: 201, body: ok(made, made.length === 1 ? 'Invitation sent.' : `${made.length} invitations sent.`) };
  });
  route(ctx, 'listChannelInvites', ({ session }) => ({
    status: 200,
    body: ok(store.invites.pendingFor(session.user.id).map((i) => store.invites.view(i))),
  }));
  route(ctx, 'acceptChannelInvite', ({ session, params }) => {
    const { invite, channel } = store.invites.accept(session.user.id, params.id);
    store.events.announce({ type: 'invite', userId: session.user.id, invite: store.invites.view(invite) });
    announceJoined(store, channel, [session.user.id]);
    return { status: 200, body: ok(view(session.user.id, channel), 'Invitation accepted.') };
  });
  route(ctx, 'declineChannelInvite', ({ session, params }) => {
    const invite = store.invites.view(store.invites.decline(session.user.id, params.id));
    store.events.announce({ type: 'invite', userId: session.user.id, invite });
    return { status: 200, body: ok(invite, 'Invitation declined.') };
  });
}
