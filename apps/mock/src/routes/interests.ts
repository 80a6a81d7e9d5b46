import { ok, type RouteContext, route } from '../engine/dispatch.ts';

export function interestsRoutes(ctx: RouteContext): void {
  const { store } = ctx;
  route(ctx, 'storeInterest', ({ session, body }) => ({
    status: 201,
    body: ok(store.profile.addInterest(session.user.id, body.name), 'Interest saved.'),
  }));
  route(ctx, 'listInterests', ({ params }) => ({ status: 200, body: ok(store.profile.listInterests(params.userId)) }));
  route(ctx, 'detachInterest', ({ session, params }) => ({
    status: 200,
    body: ok(store.profile.detachInterest(session.user.id, params.id), 'Interest removed.'),
  }));
}
