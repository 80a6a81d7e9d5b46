import { Router } from 'express';
import { toUser } from '../store/store.ts';
import { ok, type RouteContext, route } from './define.ts';

/** The signed-in user, friends, saved messages and public profiles. `/users/me…` before `/users/{id}`. */
export function usersRouter(ctx: RouteContext): Router {
  const router = Router();
  const { store } = ctx;

  route(router, ctx, 'getMe', ({ session }) => ({ status: 200, body: ok(toUser(session.user)) }));

  route(router, ctx, 'updateMe', ({ session, body }) => ({
    status: 200,
    body: ok(toUser(store.updateUser(session.user.id, body)), 'Profile saved.'),
  }));

  route(router, ctx, 'listFriends', ({ session }) => ({ status: 200, body: store.listFriends(session.user.id) }));

  route(router, ctx, 'listSavedMessages', ({ session }) => ({
    status: 200,
    body: ok(store.listSavedMessages(session.user.id)),
  }));

  route(router, ctx, 'getUser', ({ params }) => ({ status: 200, body: ok(toUser(store.requireUser(params.id))) }));

  return router;
}
