import { ok, type RouteContext, route } from './define.ts';

export function clubsRoutes(ctx: RouteContext): void {
  const { store } = ctx;
  route(ctx, 'storeClub', ({ session, body }) => ({
    status: 201,
    body: ok(store.addClub(session.user.id, body), 'Club saved.'),
  }));
  route(ctx, 'listClubs', ({ params }) => ({ status: 200, body: ok(store.listClubs(params.userId)) }));
  route(ctx, 'detachClub', ({ session, params }) => ({
    status: 200,
    body: ok(store.detachClub(session.user.id, params.id), 'Club removed.'),
  }));
}
