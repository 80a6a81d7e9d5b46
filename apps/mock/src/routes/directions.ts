import { Router } from 'express';
import { ok, type RouteContext, route } from './define.ts';

export function directionsRouter(ctx: RouteContext): Router {
  const router = Router();
  const { store } = ctx;
  route(router, ctx, 'storeDirection', ({ session, body }) => ({
    status: 201,
    body: ok(store.addDirection(session.user.id, body.name), 'Direction saved.'),
  }));
  route(router, ctx, 'listDirections', ({ params }) => ({
    status: 200,
    body: ok(store.listDirections(params.userId)),
  }));
  route(router, ctx, 'detachDirection', ({ session, params }) => ({
    status: 200,
    body: ok(store.detachDirection(session.user.id, params.id), 'Direction removed.'),
  }));
  return router;
}
