import { ok, type RouteContext, route } from './define.ts';

/** The signed-in user's calendar (the Forward drawer's Calendar tab). */
export function eventsRoutes(ctx: RouteContext): void {
  const { calendar } = ctx.store;
  route(ctx, 'listEvents', ({ session }) => ({ status: 200, body: ok(calendar.list(session.user.id)) }));
  route(ctx, 'createEvent', ({ session, body }) => ({
    status: 201,
    body: ok(calendar.create(session.user.id, body), 'Event saved.'),
  }));
}
