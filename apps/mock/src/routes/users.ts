import type { RequestHandler } from 'express';
import { profilePatch } from '../media/references.ts';
import { connected, toPublicUser, toUser } from '../store/accounts.ts';
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

  // A friend's e-mail only when their settings show it to connections.
  route(ctx, 'listFriends', ({ session }) => ({
    status: 200,
    body: store.accounts.listFriends(session.user.id).map((f) => {
      if (store.settings.shows(f.id, session.user.id, true).email) return f;
      const { email: _hidden, ...rest } = f;
      return rest;
    }),
  }));

  route(ctx, 'listSavedMessages', ({ session }) => ({
    status: 200,
    body: ok(store.chat.listSaved(session.user.id)),
  }));

  // Contact details as the person's settings show them (connections by default), never across a block.
  route(
    ctx,
    'getUser',
    ({ session, params }) => {
      const user = store.accounts.require(params.id);
      const viewer = session.user.id;
      const across = store.blocks.between(viewer, user.id);
      const shown = across
        ? { email: false, phone: false }
        : store.settings.shows(user.id, viewer, connected(session.user, user));
      const profile = toPublicUser(user, shown);
      return { status: 200, body: ok(store.blocks.has(viewer, user.id) ? { ...profile, is_blocked: true } : profile) };
    },
    directoryLimit,
  );
}
