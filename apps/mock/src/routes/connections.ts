import { ok, type RouteContext, route } from '../engine/dispatch.ts';

/** Invitations to connect, their answers, and ending a connection (both sides at once). */
export function connectionsRoutes(ctx: RouteContext): void {
  route(ctx, 'connectUser', ({ session, params }) => {
    const { connection, accepted } = ctx.store.social.connect(session.user.id, params.id);
    return accepted
      ? { status: 200, body: ok(connection, 'You are now connected.') }
      : { status: 201, body: ok(connection, 'Invitation sent.') };
  });
  route(ctx, 'listConnections', ({ session, query }) => ({
    status: 200,
    body: { success: true as const, message: 'OK', ...ctx.store.social.listConnections(session.user.id, query) },
  }));
  route(ctx, 'acceptConnection', ({ session, params }) => ({
    status: 200,
    body: ok(ctx.store.social.accept(session.user.id, params.id), 'You are now connected.'),
  }));
  route(ctx, 'declineConnection', ({ session, params }) => ({
    status: 200,
    body: ok(ctx.store.social.decline(session.user.id, params.id), 'Invitation declined.'),
  }));
  route(ctx, 'withdrawConnection', ({ session, params }) => ({
    status: 200,
    body: ok(ctx.store.social.withdraw(session.user.id, params.id), 'Invitation withdrawn.'),
  }));
  route(ctx, 'removeConnection', ({ session, params }) => {
    ctx.store.social.removeConnection(session.user.id, params.id);
    return { status: 200, body: ok(null, 'Connection removed.') };
  });
}
