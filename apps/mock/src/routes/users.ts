import { ok, type RouteContext, route } from '../engine/dispatch.ts';
import type { Guard } from '../lib/http.ts';
import { profilePatch } from '../media/references.ts';
import { announcePerson } from '../realtime/announce.ts';
import { connected, toPublicUser, toUser } from '../store/accounts.ts';

/** The signed-in user, friends, saved messages and public profiles. `/users/me…` before `/users/{id}`. */
export function usersRoutes(ctx: RouteContext, directoryLimit: Guard[] = []): void {
  const { store } = ctx;

  route(ctx, 'getMe', ({ session }) => ({ status: 200, body: ok(toUser(session.user)) }));

  route(ctx, 'updateMe', ({ session, body }) => {
    const before = store.accounts.find(session.user.id);
    const shown = before && [before.first_name, before.last_name, before.profile_image].join('\n');
    const user = store.accounts.update(session.user.id, profilePatch(store, session.user.id, body));
    // What others see of the person (name, photo) changed: tell everyone who shows them.
    if ([user.first_name, user.last_name, user.profile_image].join('\n') !== shown) announcePerson(store, user.id);
    return { status: 200, body: ok(toUser(user), 'Profile saved.') };
  });

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
