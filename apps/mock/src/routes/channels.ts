import { ok, type RouteContext, route } from '../engine/dispatch.ts';
import { announceChannel, announceLeft } from '../realtime/announce.ts';

export function channelsRoutes(ctx: RouteContext): void {
  const { store } = ctx;
  route(ctx, 'storeChannel', ({ session, body }) => {
    const channel = store.channels.create(session.user.id, body);
    // Everyone in the new group (the creator's other tabs too) sees it in their lists at once.
    for (const userId of channel.users) announceChannel(store, userId, channel);
    return { status: 201, body: ok(store.channels.view(session.user.id, channel), 'Group created.') };
  });
  route(ctx, 'listMyChannels', ({ session, query }) => ({
    status: 200,
    // Each with the user's group fields (membership, follow, status) and chat fields (unread count, mute, last and pinned message).
    body: ok(
      store.channels.listMine(session.user.id, query.status).map((c) => store.chat.decorate(session.user.id, c)),
    ),
  }));
  route(ctx, 'leaveChannel', ({ session, params }) => {
    const channel = store.channels.leave(session.user.id, params.id);
    store.events.announce({ type: 'left', channelId: params.id, userId: session.user.id });
    announceLeft(store, params.id, session.user.id);
    return { status: 200, body: ok(store.channels.view(session.user.id, channel), 'You left the group.') };
  });
  route(ctx, 'getChannelMessages', ({ session, params, query }) => {
    const page = store.chat.page(session.user.id, params.id, query.before, query.limit ?? 50);
    return { status: 200, body: { success: true as const, message: 'OK', ...page } };
  });
}
