import { ok, type RouteContext, route } from '../engine/dispatch.ts';

/** The signed-in user's education lines, then any user's (`/users/me/experiences` before `/users/{id}/…`). */
export function experiencesRoutes(ctx: RouteContext): void {
  const { store } = ctx;
  route(ctx, 'listExperiences', ({ session }) => ({
    status: 200,
    body: ok(store.profile.listExperiences(session.user.id)),
  }));
  route(ctx, 'storeExperience', ({ session, body }) => ({
    status: 201,
    body: ok(store.profile.addExperience(session.user.id, body), 'Experience saved.'),
  }));
  route(ctx, 'listUserExperiences', ({ params }) => ({
    status: 200,
    body: ok(store.profile.listExperiences(params.id)),
  }));
}
