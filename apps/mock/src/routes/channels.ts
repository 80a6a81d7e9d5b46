import { announceLeft } from '../realtime/announce.ts';
import { chatOf } from '../store/chat.ts';
import { listMyGroups } from '../store/groups.ts';
import { ok, type RouteContext, route } from './define.ts';

export function channelsRoutes(ctx: RouteContext): void {
  const { store } = ctx;
  route(ctx, 'storeChannel', ({ session, body }) => {
    const channel = store.createChannel(session.user.id, body);
    // Everyone in the new group (the creator's other tabs too) sees it in their lists at once.
    chatOf(store).emit('chat', { type: 'created', channelId: channel.id });
    return { status: 201, body: ok(channel, 'Group created.') };
  });
  route(ctx, 'listMyChannels', ({ session, query }) => ({
    status: 200,
    // Membership fields and the status filter come from groups (#6); the chat fields (unread count,
    // mute, last and pinned message) from the chat store (#7).
    body: ok(listMyGroups(store, session.user.id, query.status).map((c) => chatOf(store).decorate(session.user.id, c))),
  }));
  route(ctx, 'leaveChannel', ({ session, params }) => {
    const channel = store.leaveChannel(session.user.id, params.id);
    chatOf(store).emit('chat', { type: 'left', channelId: params.id, userId: session.user.id });
    announceLeft(store, params.id, session.user.id);
    return { status: 200, body: ok(channel, 'You left the group.') };
  });
  route(ctx, 'getChannelMessages', ({ session, params, query }) => {
    const page = store.messagesPage(session.user.id, params.id, query.before, query.limit ?? 50);
    return { status: 200, body: { success: true as const, message: 'OK', ...page } };
  });
}
