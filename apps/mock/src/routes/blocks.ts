import { ok, type RouteContext, route } from '../engine/dispatch.ts';

/** Blocking a person, unblocking them, and the list of people one has blocked. */
export function blocksRoutes(ctx: RouteContext): void {
  route(ctx, 'listBlocks', ({ session, query }) => ({
    status: 200,
    body: { success: true as const, message: 'OK', ...ctx.store.blocks.list(session.user.id, query) },
  }));
  route(ctx, 'blockUser', ({ session, params }) => ({
    status: 200,
    body: ok(ctx.store.blocks.block(session.user.id, params.id), 'Blocked.'),
  }));
  route(ctx, 'unblockUser', ({ session, params }) => {
    ctx.store.blocks.unblock(session.user.id, params.id);
    return { status: 200, body: ok(null, 'Unblocked.') };
  });
}
