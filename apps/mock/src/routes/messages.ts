import { ok, type RouteContext, route } from '../engine/dispatch.ts';
import { messageDraft } from '../media/references.ts';

/** Sending, pinning, forwarding and reporting messages; read marks and mutes. */
export function messagesRoutes(ctx: RouteContext): void {
  const chat = ctx.store.chat;

  route(ctx, 'sendMessage', ({ session, params, body }) => ({
    status: 201,
    body: ok(chat.send(session.user.id, params.id, messageDraft(ctx.store, session.user.id, body)), 'Sent.'),
  }));
  route(ctx, 'pinMessage', ({ session, params }) => ({
    status: 200,
    body: ok(chat.pin(session.user.id, params.id, params.msgId), 'Pinned.'),
  }));
  route(ctx, 'unpinMessage', ({ session, params }) => {
    chat.unpin(session.user.id, params.id, params.msgId);
    return { status: 200, body: ok(null, 'Unpinned.') };
  });
  route(ctx, 'forwardMessage', ({ session, params, body }) => ({
    status: 201,
    body: ok(chat.forward(session.user.id, params.id, body.channel_ids), 'Forwarded.'),
  }));
  route(ctx, 'editMessage', ({ session, params, body }) => ({
    status: 200,
    body: ok(chat.edit(session.user.id, params.id, body.message), 'Message edited.'),
  }));
  route(ctx, 'deleteMessage', ({ session, params }) => ({
    status: 200,
    body: ok(chat.remove(session.user.id, params.id), 'Message deleted.'),
  }));
  route(ctx, 'reportMessage', ({ session, params, body }) => ({
    status: 201,
    body: ok(
      chat.report(session.user.id, params.id, body.reason, body.details),
      'Thanks, the moderators will look at it.',
    ),
  }));
  route(ctx, 'markChannelRead', ({ session, params }) => ({
    status: 200,
    body: ok(chat.markRead(session.user.id, params.id)),
  }));
  route(ctx, 'muteChannel', ({ session, params }) => ({
    status: 200,
    body: ok(chat.setMuted(session.user.id, params.id, true), 'Muted.'),
  }));
  route(ctx, 'unmuteChannel', ({ session, params }) => ({
    status: 200,
    body: ok(chat.setMuted(session.user.id, params.id, false), 'Unmuted.'),
  }));
}
