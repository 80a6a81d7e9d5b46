import { Router } from 'express';
import { ok, type RouteContext, route } from './define.ts';

export function interestsRouter(ctx: RouteContext): Router {
  const router = Router();
  const { store } = ctx;
  route(router, ctx, 'storeInterest', ({ session, body }) => ({
    status: 201,
    body: ok(store.addInterest(session.user.id, body.name), 'Interest saved.'),
  }));
  route(router, ctx, 'listInterests', ({ params }) => ({ status: 200, body: ok(store.listInterests(params.userId)) }));
  route(router, ctx, 'detachInterest', ({ session, params }) => ({
    status: 200,
    body: ok(store.detachInterest(session.user.id, params.id), 'Interest removed.'),
  }));
  return router;
}
