import { ok, type RouteContext, route } from '../engine/dispatch.ts';

export function directionsRoutes(ctx: RouteContext): void {
  const { store } = ctx;
  route(ctx, 'storeDirection', ({ session, body }) => ({
    status: 201,
    body: ok(store.profile.addDirection(session.user.id, body.name), 'Direction saved.'),
  }));
  route(ctx, 'listDirections', ({ params }) => ({
    status: 200,
    body: ok(store.profile.listDirections(params.userId)),
  }));
  route(ctx, 'detachDirection', ({ session, params }) => ({
    status: 200,
    body: ok(store.profile.detachDirection(session.user.id, params.id), 'Direction removed.'),
  }));
}
