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
import { ok, type RouteContext, route } from './define.ts';

/** Group management: profile, follow, reactivate, join, members and invitations. */
export function groupsRoutes(ctx: RouteContext): void {
  const { store } = ctx;
  route(ctx, 'getChannel', ({ session, params }) => ({
    status: 200,
    body: ok(getGroup(store, session.user.id, params.id)),
  }));
  route(ctx, 'followChannel', ({ session, params }) => ({
    status: 200,
    body: ok(setFollowing(store, session.user.id, params.id, true), 'Following.'),
  }));
  route(ctx, 'unfollowChannel', ({ session, params }) => ({
    status: 200,
    body: ok(setFollowing(store, session.user.id, params.id, false), 'Not following.'),
  }));
  route(ctx, 'reactivateChannel', ({ session, params }) => ({
    status: 200,
    body: ok(reactivateGroup(store, session.user.id, params.id), 'Group reactivated.'),
  }));
  route(ctx, 'joinChannel', ({ session, params }) => ({
    status: 200,
    body: ok(joinGroup(store, session.user.id, params.id), 'You joined the group.'),
  }));
  route(ctx, 'addChannelMembers', ({ session, params, body }) => ({
    status: 200,
    body: ok(addGroupMembers(store, session.user.id, params.id, body.user_ids), 'Members added.'),
  }));
  route(ctx, 'inviteToChannel', ({ session, params, body }) => {
    const made = inviteToGroup(store, session.user.id, params.id, body.user_ids);
    return { status: 201, body: ok(made, made.length === 1 ? 'Invitation sent.' : `${made.length} invitations sent.`) };
  });
  route(ctx, 'listChannelInvites', ({ session }) => ({
    status: 200,
    body: ok(listGroupInvites(store, session.user.id)),
  }));
  route(ctx, 'acceptChannelInvite', ({ session, params }) => ({
    status: 200,
    body: ok(acceptGroupInvite(store, session.user.id, params.id), 'Invitation accepted.'),
  }));
  route(ctx, 'declineChannelInvite', ({ session, params }) => ({
    status: 200,
    body: ok(declineGroupInvite(store, session.user.id, params.id), 'Invitation declined.'),
  }));
}
