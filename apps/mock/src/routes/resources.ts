import { ok, type RouteContext, route } from '../engine/dispatch.ts';

export function resourcesRoutes(ctx: RouteContext): void {
  route(ctx, 'listResources', ({ query }) => ({
    status: 200,
    body: ok(ctx.store.resources.list(query.resource, query.q, query.page ?? 1, query.per_page ?? 15)),
  }));
}
