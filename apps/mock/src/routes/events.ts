import { ok, type RouteContext, route } from '../engine/dispatch.ts';

/** The signed-in user's calendar (the Forward drawer's Calendar tab). */
export function eventsRoutes(ctx: RouteContext): void {
  route(ctx, 'listEvents', ({ session }) => ({ status: 200, body: ok(ctx.store.calendar.list(session.user.id)) }));
  route(ctx, 'createEvent', ({ session, body }) => ({
    status: 201,
    body: ok(ctx.store.calendar.create(session.user.id, body), 'Event saved.'),
  }));
}
