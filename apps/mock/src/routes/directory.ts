import type { RequestHandler } from 'express';
import { ok, type RouteContext, route } from './define.ts';

/** The people directory: search and invitations to connect. Registered before `/users/{id}`. */
export function directoryRoutes(ctx: RouteContext, limit: RequestHandler[] = []): void {
  const { store } = ctx;
  // Build the search index now, so the first search does not pay for it.
  store.directory.current();

  route(
    ctx,
    'searchUsers',
    ({ session, query, res }) => {
      const started = performance.now();
      const { page = 1, per_page: perPage = 15, ...filters } = query;
      const body = ok(store.directory.page(session.user.id, filters, page, perPage));
      res.setHeader('Server-Timing', `search;dur=${(performance.now() - started).toFixed(2)}`);
      return { status: 200, body };
    },
    limit,
  );
}
