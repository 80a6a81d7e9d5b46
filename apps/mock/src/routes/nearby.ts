import { ok, type RouteContext, route } from '../engine/dispatch.ts';
import type { Guard } from '../lib/http.ts';

/** Find People Nearby: opt-in sharing of an approximate position, and who else shares one near it. */
export function nearbyRoutes(ctx: RouteContext, directoryLimit: Guard[] = []): void {
  route(ctx, 'getLocationSharing', ({ session }) => ({ status: 200, body: ok(ctx.store.nearby.get(session.user.id)) }));
  route(ctx, 'shareLocation', ({ session, body }) => ({
    status: 200,
    body: ok(
      ctx.store.nearby.share(session.user.id, body.latitude, body.longitude),
      'Sharing your approximate location for 24 hours.',
    ),
  }));
  route(ctx, 'stopSharingLocation', ({ session }) => ({
    status: 200,
    body: ok(ctx.store.nearby.stop(session.user.id), 'You no longer share your location.'),
  }));
  route(
    ctx,
    'listNearby',
    ({ session, query }) => ({
      status: 200,
      body: ok(ctx.store.nearby.list(session.user.id, query.page ?? 1, query.per_page ?? 15)),
    }),
    directoryLimit,
  );
}
