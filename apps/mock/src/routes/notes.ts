import { ok, type RouteContext, route } from '../engine/dispatch.ts';
import { lastingOk } from '../engine/lasting.ts';

export function notesRoutes(ctx: RouteContext): void {
  const { store } = ctx;
  route(ctx, 'storeNote', ({ session, body }) => ({
    status: 201,
    body: ok(store.profile.addNote(session.user.id, body), 'Note saved.'),
  }));
  // The store hands out the same frozen list until a note changes: its answer is serialized once.
  route(ctx, 'listNotes', ({ params }) => ({ status: 200, body: lastingOk(store.profile.listNotes(params.id)) }));
  route(ctx, 'deleteNote', ({ session, params }) => ({
    status: 200,
    body: ok(store.profile.deleteNote(session.user.id, params.id), 'Note deleted.'),
  }));
}
