import { ok, type RouteContext, route } from './define.ts';

export function notesRoutes(ctx: RouteContext): void {
  const { store } = ctx;
  route(ctx, 'storeNote', ({ session, body }) => ({
    status: 201,
    body: ok(store.profile.addNote(session.user.id, body), 'Note saved.'),
  }));
  route(ctx, 'listNotes', ({ params }) => ({ status: 200, body: ok(store.profile.listNotes(params.id)) }));
  route(ctx, 'deleteNote', ({ session, params }) => ({
    status: 200,
    body: ok(store.profile.deleteNote(session.user.id, params.id), 'Note deleted.'),
  }));
}
