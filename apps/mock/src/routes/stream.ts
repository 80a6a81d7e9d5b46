import { type Request, type Response, Router } from 'express';
import { expressPath } from '../contract.ts';
import { HttpError } from '../http-error.ts';
import { bearerToken } from '../middleware/auth.ts';
import { type RealtimeHub, frame as sseFrame } from '../realtime/hub.ts';
import type { StreamTickets } from '../realtime/tickets.ts';
import { chatOf } from '../store/chat.ts';
import type { Message } from '../store/types.ts';
import { ok, type RouteContext, route } from './define.ts';

/**
 * `streamChannel`: Server-Sent Events of one group; `streamMe`: the user's own stream across groups. Registered by hand rather than through
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

  const me = ctx.operations.get('streamMe');
  const validateMe = ctx.validators.get('streamMe');
  if (!me || !validateMe) throw new Error('operation streamMe is not in the contract');
  router.get(expressPath(me.path), (req: Request, res: Response) => {
    const header = bearerToken(req.get('authorization'));
    const ticket = typeof req.query.ticket === 'string' ? req.query.ticket : undefined;
    const token = header ?? (ticket ? tickets.redeem(ticket) : undefined);
    const user = token ? ctx.store.userForToken(token) : undefined;
    if (!token || !user) throw HttpError.unauthorized();
    const result = validateMe({ params: req.params, query: req.query as Record<string, unknown>, body: undefined });
    if (!result.ok) throw HttpError.invalid(result.errors);
    const lastId = req.get('last-event-id');
    if (lastId !== undefined && lastId.length > 100) {
      throw HttpError.invalid({ 'Last-Event-ID': ['At most 100 characters.'] });
    }
    const backlog = lastId
      ? missedMessages(ctx, user.id, lastId).map(([channelId, message]) =>
          sseFrame(
            'message',
            { channel_id: channelId, message, unread_count: chat.unreadCount(user.id, channelId) },
            message.id,
          ),
        )
      : [];
    hub.subscribeUser(user.id, res, () => ctx.store.userForToken(token) !== undefined, token, backlog);
  });
  return router;
}

/** At most this many messages are replayed after `Last-Event-ID`. */
const REPLAY_LIMIT = 500;

/**
 * The messages of the user's groups sent after the message `lastId` (oldest first, at most
 * `REPLAY_LIMIT`); none when the id is unknown or in a group the user is not in.
 */
function missedMessages(ctx: RouteContext, userId: string, lastId: string): [string, Message][] {
  const { channels, state } = ctx.store.raw;
  const mine = [...channels.values()].filter((c) => c.users.includes(userId));
  let since: { channelId: string; index: number; time: string } | undefined;
  for (const c of mine) {
    const index = state.messages[c.id]?.findIndex((m) => m.id === lastId) ?? -1;
    if (index >= 0) since = { channelId: c.id, index, time: state.messages[c.id]?.[index]?.time ?? '' };
  }
  if (!since) return [];
  const found = since;
  const missed: [string, Message][] = [];
  for (const c of mine) {
    (state.messages[c.id] ?? []).forEach((m, i) => {
      if (c.id === found.channelId ? i > found.index : m.time > found.time) missed.push([c.id, m]);
    });
  }
  missed.sort((a, b) => a[1].time.localeCompare(b[1].time));
  return missed.slice(-REPLAY_LIMIT);
}
