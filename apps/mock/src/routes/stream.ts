import { bearerToken } from '../engine/auth.ts';
import { ok, type RouteContext, route, type StreamOptions } from '../engine/dispatch.ts';
import { byCodeUnits } from '../lib/compare.ts';
import { type EngineRequest, headerOf } from '../lib/http.ts';
import { type RealtimeHub, frame as sseFrame } from '../realtime/hub.ts';
import type { StreamTickets } from '../realtime/tickets.ts';
import type { Message } from '../store/types.ts';

/**
 * `streamChannel`: Server-Sent Events of one group; `streamMe`: the user's own stream across
 * groups. Both are registered by `route()` like every other operation: signed in with the header
 * or a single-use `?ticket=` from `createStreamTicket` (EventSource cannot send headers), validated
 * (`Last-Event-ID` included), then held open by the hub.
 */
export function streamRoutes(ctx: RouteContext, hub: RealtimeHub, tickets: StreamTickets): void {
  route(ctx, 'createStreamTicket', ({ session }) => ({ status: 201, body: ok(tickets.issue(session.token)) }));
  const chat = ctx.store.chat;
  const stream: StreamOptions = {
    stream: {
      tokenFrom: (req: EngineRequest) => {
        const header = bearerToken(headerOf(req.headers, 'authorization'));
        if (header) return header;
        const ticket = typeof req.query.ticket === 'string' ? req.query.ticket : undefined;
        return ticket ? tickets.redeem(ticket) : undefined;
      },
    },
  };

  route(
    ctx,
    'streamChannel',
    ({ params, session: { user, token }, sink }) => {
      const channelId = params.id;
      chat.assertMember(user.id, channelId);
      // Logout and leave end the stream at once (the hub hears of them); the keep-alive tick also
      // notices an expired token or a membership ended some other way.
      const allowed = () =>
        ctx.store.accounts.userForToken(token) !== undefined &&
        ctx.store.channels.get(channelId)?.users.includes(user.id) === true;
      hub.subscribe(channelId, user.id, sink, allowed, token);
    },
    stream,
  );

  route(
    ctx,
    'streamMe',
    ({ session: { user, token }, headers, sink }) => {
      const lastId = headers['Last-Event-ID'];
      const backlog = lastId
        ? missedMessages(ctx, user.id, lastId).map(([channelId, message]) =>
            sseFrame(
              'message',
              { channel_id: channelId, message, unread_count: chat.unreadCount(user.id, channelId) },
              message.id,
            ),
          )
        : [];
      hub.subscribeUser(user.id, sink, () => ctx.store.accounts.userForToken(token) !== undefined, token, backlog);
    },
    stream,
  );
}

/** At most this many messages are replayed after `Last-Event-ID`. */
const REPLAY_LIMIT = 500;

/**
 * The messages of the user's groups sent after the message `lastId` (oldest first, at most
 * `REPLAY_LIMIT`); none when the id is unknown or in a group the user is not in.
 */
function missedMessages(ctx: RouteContext, userId: string, lastId: string): [string, Message][] {
  const { channels, chat } = ctx.store;
  const mine = channels.of(userId);
  let since: { channelId: string; index: number; time: string } | undefined;
  for (const c of mine) {
    const index = chat.messagesOf(c.id).findIndex((m) => m.id === lastId);
    if (index >= 0) since = { channelId: c.id, index, time: chat.messagesOf(c.id)[index]?.time ?? '' };
  }
  if (!since) return [];
  const found = since;
  const missed: [string, Message][] = [];
  for (const c of mine) {
    chat.messagesOf(c.id).forEach((m, i) => {
      if (c.id === found.channelId ? i > found.index : m.time > found.time) missed.push([c.id, m]);
    });
  }
  missed.sort((a, b) => byCodeUnits(a[1].time, b[1].time));
  return missed.slice(-REPLAY_LIMIT);
}
