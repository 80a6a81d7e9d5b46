import type { RequestHandler } from 'express';
import { profilePatch } from '../media/references.ts';
import { toPublicUser, toUser } from '../store/accounts.ts';
import { ok, type RouteContext, route } from './define.ts';

/** The signed-in user, friends, saved messages and public profiles. `/users/me…` before `/users/{id}`. */
export function usersRoutes(ctx: RouteContext, directoryLimit: RequestHandler[] = []): void {
  const { store } = ctx;

  route(ctx, 'getMe', ({ session }) => ({ status: 200, body: ok(toUser(session.user)) }));

  route(ctx, 'updateMe', ({ session, body }) => ({
    status: 200,
    body: ok(
      toUser(store.accounts.update(session.user.id, profilePatch(store, session.user.id, body))),
      'Profile saved.',
    ),
  }));

  route(ctx, 'listFriends', ({ session }) => ({ status: 200, body: store.accounts.listFriends(session.user.id) }));

  route(ctx, 'listSavedMessages', ({ session }) => ({
    status: 200,
    body: ok(store.chat.listSaved(session.user.id)),
  }));

  // Contact details only for the person themself and their connections (the contract's PublicUser).
  route(
    ctx,
    'getUser',
    ({ session, params }) => ({ status: 200, body: ok(toPublicUser(session.user, store.accounts.require(params.id))) }),
    directoryLimit,
  );
}
