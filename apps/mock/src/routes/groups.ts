import { Router } from 'express';
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
export function groupsRouter(ctx: RouteContext): Router {
  const router = Router();
  const { store } = ctx;
  route(router, ctx, 'getChannel', ({ session, params }) => ({
    status: 200,
    body: ok(getGroup(store, session.user.id, params.id)),
  }));
  route(router, ctx, 'followChannel', ({ session, params }) => ({
    status: 200,
    body: ok(setFollowing(store, session.user.id, params.id, true), 'Following.'),
  }));
  route(router, ctx, 'unfollowChannel', ({ session, params }) => ({
    status: 200,
    body: ok(setFollowing(store, session.user.id, params.id, false), 'Not following.'),
  }));
  route(router, ctx, 'reactivateChannel', ({ session, params }) => ({
    status: 200,
    body: ok(reactivateGroup(store, session.user.id, params.id), 'Group reactivated.'),
  }));
  route(router, ctx, 'joinChannel', ({ session, params }) => ({
    status: 200,
    body: ok(joinGroup(store, session.user.id, params.id), 'You joined the group.'),
  }));
  route(router, ctx, 'addChannelMembers', ({ session, params, body }) => ({
    status: 200,
    body: ok(addGroupMembers(store, session.user.id, params.id, body.user_ids), 'Members added.'),
  }));
  route(router, ctx, 'inviteToChannel', ({ session, params, body }) => {
    const made = inviteToGroup(store, session.user.id, params.id, body.user_ids);
    return { status: 201, body: ok(made, made.length === 1 ? 'Invitation sent.' : `${made.length} invitations sent.`) };
  });
  route(router, ctx, 'listChannelInvites', ({ session }) => ({
    status: 200,
    body: ok(listGroupInvites(store, session.user.id)),
  }));
  route(router, ctx, 'acceptChannelInvite', ({ session, params }) => ({
    status: 200,
    body: ok(acceptGroupInvite(store, session.user.id, params.id), 'Invitation accepted.'),
  }));
  route(router, ctx, 'declineChannelInvite', ({ session, params }) => ({
    status: 200,
    body: ok(declineGroupInvite(store, session.user.id, params.id), 'Invitation declined.'),
  }));
  return router;
}
