import { ok, type RouteContext, route } from '../engine/dispatch.ts';

/** The signed-in user's saved lists, with Recently Deleted (soft delete and restore). */
export function savedListsRoutes(ctx: RouteContext): void {
  const { store } = ctx;

  route(ctx, 'listSavedLists', ({ session, query }) => ({
    status: 200,
    body: ok(store.social.listSavedLists(session.user.id, query.deleted ?? false)),
  }));
  route(ctx, 'createSavedList', ({ session, body }) => ({
    status: 201,
    body: ok(store.social.createSavedList(session.user.id, body), 'List saved.'),
  }));
  route(ctx, 'getSavedList', ({ session, params }) => ({
    status: 200,
    body: ok(store.social.getSavedList(session.user.id, params.id)),
  }));
  route(ctx, 'deleteSavedList', ({ session, params }) => ({
    status: 200,
    body: ok(store.social.deleteSavedList(session.user.id, params.id), 'List deleted.'),
  }));
  route(ctx, 'restoreSavedList', ({ session, params }) => ({
    status: 200,
    body: ok(store.social.restoreSavedList(session.user.id, params.id), 'List restored.'),
  }));
  route(ctx, 'removeSavedListMember', ({ session, params }) => ({
    status: 200,
    body: ok(store.social.removeSavedListMember(session.user.id, params.id, params.userId), 'Removed from the list.'),
  }));
}
