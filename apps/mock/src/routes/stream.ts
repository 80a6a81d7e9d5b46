import { type Request, type Response, Router } from 'express';
import { expressPath } from '../contract.ts';
import { HttpError } from '../http-error.ts';
import { bearerToken } from '../middleware/auth.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import type { StreamTickets } from '../realtime/tickets.ts';
import { chatOf } from '../store/chat.ts';
import { ok, type RouteContext, route } from './define.ts';

/**
 * `streamChannel`: Server-Sent Events of one group. Registered by hand rather than through
 * `route()` because it answers a stream, not JSON, and takes a single-use `?ticket=` instead of
 * the header. `createStreamTicket` issues those tickets.
 */
export function streamRouter(ctx: RouteContext, hub: RealtimeHub, tickets: StreamTickets): Router {
  route(ctx, 'createStreamTicket', ({ session }) => ({ status: 201, body: ok(tickets.issue(session.token)) }));
  const router = Router();
  const operation = ctx.operations.get('streamChannel');
  const validate = ctx.validators.get('streamChannel');
  if (!operation || !validate) throw new Error('operation streamChannel is not in the contract');
  const chat = chatOf(ctx.store);

  router.get(expressPath(operation.path), (req: Request, res: Response) => {
    // EventSource cannot send headers: it brings a single-use ticket that stands for the token.
    const header = bearerToken(req.get('authorization'));
    const ticket = typeof req.query.ticket === 'string' ? req.query.ticket : undefined;
    const token = header ?? (ticket ? tickets.redeem(ticket) : undefined);
    const user = token ? ctx.store.userForToken(token) : undefined;
    if (!user) throw HttpError.unauthorized();
    const result = validate({ params: req.params, query: req.query as Record<string, unknown>, body: undefined });
    if (!result.ok) throw HttpError.invalid(result.errors);
    const channelId = String(result.input.params.id);
    chat.assertMember(user.id, channelId);
    // Logout and leave end the stream at once (the hub hears of them); the keep-alive tick also
    // notices an expired token or a membership ended some other way.
    const allowed = () =>
      ctx.store.userForToken(token ?? '') !== undefined &&
      ctx.store.raw.channels.get(channelId)?.users.includes(user.id) === true;
    hub.subscribe(channelId, user.id, res, allowed, token);
  });
  return router;
}
