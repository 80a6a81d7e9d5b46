import { Router } from 'express';
import { ok, type RouteContext, route } from './define.ts';

export function resourcesRouter(ctx: RouteContext): Router {
  const router = Router();
  route(router, ctx, 'listResources', ({ query }) => ({
    status: 200,
    body: ok(ctx.store.listResources(query.resource, query.q, query.page ?? 1, query.per_page ?? 15)),
  }));
  return router;
}
