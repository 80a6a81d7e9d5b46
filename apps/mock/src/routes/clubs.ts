import { ok, type RouteContext, route } from '../engine/dispatch.ts';

export function clubsRoutes(ctx: RouteContext): void {
  const { store } = ctx;
  route(ctx, 'storeClub', ({ session, body }) => ({
    status: 201,
    body: ok(store.profile.addClub(session.user.id, body), 'Club saved.'),
  }));
  route(ctx, 'listClubs', ({ params }) => ({ status: 200, body: ok(store.profile.listClubs(params.userId)) }));
  route(ctx, 'detachClub', ({ session, params }) => ({
    status: 200,
    body: ok(store.profile.detachClub(session.user.id, params.id), 'Club removed.'),
  }));
}
