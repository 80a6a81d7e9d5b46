import { Router } from 'express';
import { ok, type RouteContext, route } from './define.ts';

export function clubsRouter(ctx: RouteContext): Router {
  const router = Router();
  const { store } = ctx;
  route(router, ctx, 'storeClub', ({ session, body }) => ({
    status: 201,
    body: ok(store.addClub(session.user.id, body), 'Club saved.'),
  }));
  route(router, ctx, 'listClubs', ({ params }) => ({ status: 200, body: ok(store.listClubs(params.userId)) }));
  route(router, ctx, 'detachClub', ({ session, params }) => ({
    status: 200,
    body: ok(store.detachClub(session.user.id, params.id), 'Club removed.'),
  }));
  return router;
}
