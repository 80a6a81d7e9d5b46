import {
  createSavedList,
  deleteSavedList,
  getSavedList,
  listSavedLists,
  removeSavedListMember,
  restoreSavedList,
} from '../store/saved-lists.ts';
import { ok, type RouteContext, route } from './define.ts';

/** The signed-in user's saved lists, with Recently Deleted (soft delete and restore). */
export function savedListsRoutes(ctx: RouteContext): void {
  const { store } = ctx;

  route(ctx, 'listSavedLists', ({ session, query }) => ({
    status: 200,
    body: ok(listSavedLists(store, session.user.id, query.deleted ?? false)),
  }));
  route(ctx, 'createSavedList', ({ session, body }) => ({
    status: 201,
    body: ok(createSavedList(store, session.user.id, body), 'List saved.'),
  }));
  route(ctx, 'getSavedList', ({ session, params }) => ({
    status: 200,
    body: ok(getSavedList(store, session.user.id, params.id)),
  }));
  route(ctx, 'deleteSavedList', ({ session, params }) => ({
    status: 200,
    body: ok(deleteSavedList(store, session.user.id, params.id), 'List deleted.'),
  }));
  route(ctx, 'restoreSavedList', ({ session, params }) => ({
    status: 200,
    body: ok(restoreSavedList(store, session.user.id, params.id), 'List restored.'),
  }));
  route(ctx, 'removeSavedListMember', ({ session, params }) => ({
    status: 200,
    body: ok(removeSavedListMember(store, session.user.id, params.id, params.userId), 'Removed from the list.'),
  }));
}
