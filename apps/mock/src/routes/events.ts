import { chatOf } from '../store/chat.ts';
import { ok, type RouteContext, route } from './define.ts';

/** The signed-in user's calendar (the Forward drawer's Calendar tab). */
export function eventsRoutes(ctx: RouteContext): void {
  const chat = chatOf(ctx.store);
  route(ctx, 'listEvents', ({ session }) => ({ status: 200, body: ok(chat.listEvents(session.user.id)) }));
  route(ctx, 'createEvent', ({ session, body }) => ({
    status: 201,
    body: ok(chat.createEvent(session.user.id, body), 'Event saved.'),
  }));
}
