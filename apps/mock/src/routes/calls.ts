import type { components } from '@cohort/api';
import { ok, type RouteContext, route } from '../engine/dispatch.ts';

type IceServer = components['schemas']['IceServer'];

/** One-to-one calls: ringing, answering, hanging up, the relayed WebRTC signalling, the history. */
export function callsRoutes(ctx: RouteContext, iceServers: IceServer[] = []): void {
  route(ctx, 'startCall', ({ session, body }) => ({
    status: 201,
    body: ok(ctx.store.calls.start(session.user.id, body.user_id, body.kind), 'Ringing.'),
  }));
  route(ctx, 'listCalls', ({ session, query }) => ({
    status: 200,
    body: {
      success: true as const,
      message: 'OK',
      ...ctx.store.calls.list(session.user.id, query.before, query.limit ?? 20),
    },
  }));
  route(ctx, 'getCallConfig', () => ({
    status: 200,
    body: ok({ ice_servers: iceServers, ring_seconds: 30 }),
  }));
  route(ctx, 'acceptCall', ({ session, params }) => ({
    status: 200,
    body: ok(ctx.store.calls.accept(session.user.id, params.id), 'Connected.'),
  }));
  route(ctx, 'declineCall', ({ session, params }) => ({
    status: 200,
    body: ok(ctx.store.calls.decline(session.user.id, params.id), 'Declined.'),
  }));
  route(ctx, 'hangUpCall', ({ session, params, query }) => ({
    status: 200,
    body: ok(ctx.store.calls.hangUp(session.user.id, params.id, query.reason === 'dropped'), 'Call ended.'),
  }));
  route(ctx, 'sendCallSignal', ({ session, params, body }) => {
    ctx.store.calls.signal(session.user.id, params.id, body);
    return { status: 200, body: ok(null, 'Relayed.') };
  });
}
