import { ok, type RouteContext, route } from '../engine/dispatch.ts';

/** The signed-in user's notifications: one list, an unread count, marking read. */
export function notificationsRoutes(ctx: RouteContext): void {
  route(ctx, 'listNotifications', ({ session, query }) => ({
    status: 200,
    body: {
      success: true as const,
      message: 'OK',
      ...ctx.store.notifications.page(session.user.id, query.before, query.limit ?? 20),
    },
  }));
  route(ctx, 'markNotificationRead', ({ session, params }) => ({
    status: 200,
    body: ok(ctx.store.notifications.markRead(session.user.id, params.id)),
  }));
  route(ctx, 'markAllNotificationsRead', ({ session }) => ({
    status: 200,
    body: ok({ unread_count: ctx.store.notifications.markAllRead(session.user.id) }, 'All read.'),
  }));
}
