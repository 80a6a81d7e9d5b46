import { ok, type RouteContext, route } from '../engine/dispatch.ts';
import type { Guard } from '../lib/http.ts';

/** The people directory: search and invitations to connect. Registered before `/users/{id}`. */
export function directoryRoutes(ctx: RouteContext, limit: Guard[] = []): void {
  const { store } = ctx;
  // The search index is built by the first search, not at start-up (over a second at 100,000
  // users, which a start-up that is never searched should not pay).

  route(
    ctx,
    'searchUsers',
    ({ session, query, setHeader }) => {
      const started = performance.now();
      const { page = 1, per_page: perPage = 15, ...filters } = query;
      const body = ok(store.directory.page(session.user.id, filters, page, perPage));
      setHeader('Server-Timing', `search;dur=${(performance.now() - started).toFixed(2)}`);
      return { status: 200, body };
    },
    limit,
  );
}
