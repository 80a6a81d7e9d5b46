import { ok, type RouteContext, route } from './define.ts';

/** The signed-in user's notifications: one list, an unread count, marking read. */
export function notificationsRoutes(ctx: RouteContext): void {
  const { notifications } = ctx.store;
  route(ctx, 'listNotifications', ({ session, query }) => ({
    status: 200,
    body: {
      success: true as const,
      message: 'OK',
      ...notifications.page(session.user.id, query.before, query.limit ?? 20),
    },
  }));
  route(ctx, 'markNotificationRead', ({ session, params }) => ({
    status: 200,
    body: ok(notifications.markRead(session.user.id, params.id)),
  }));
  route(ctx, 'markAllNotificationsRead', ({ session }) => ({
    status: 200,
    body: ok({ unread_count: notifications.markAllRead(session.user.id) }, 'All read.'),
  }));
}
