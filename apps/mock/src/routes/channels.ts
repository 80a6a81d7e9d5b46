import { Router } from 'express';
import { ok, type RouteContext, route } from './define.ts';

export function channelsRouter(ctx: RouteContext): Router {
  const router = Router();
  const { store } = ctx;
  route(router, ctx, 'storeChannel', ({ session, body }) => ({
    status: 201,
    body: ok(store.createChannel(session.user.id, body), 'Group created.'),
  }));
  route(router, ctx, 'listMyChannels', ({ session }) => ({
    status: 200,
    body: ok(store.listChannelsOf(session.user.id)),
  }));
  route(router, ctx, 'leaveChannel', ({ session, params }) => ({
    status: 200,
    body: ok(store.leaveChannel(session.user.id, params.id), 'You left the group.'),
  }));
  route(router, ctx, 'getChannelMessages', ({ session, params, query }) => {
    const page = store.messagesPage(session.user.id, params.id, query.before, query.limit ?? 50);
    return { status: 200, body: { success: true as const, message: 'OK', ...page } };
  });
  return router;
}
