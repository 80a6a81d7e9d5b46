import { Router } from 'express';
import { ok, type RouteContext, route } from './define.ts';

export function notesRouter(ctx: RouteContext): Router {
  const router = Router();
  const { store } = ctx;
  route(router, ctx, 'storeNote', ({ session, body }) => ({
    status: 201,
    body: ok(store.addNote(session.user.id, body), 'Note saved.'),
  }));
  route(router, ctx, 'listNotes', ({ params }) => ({ status: 200, body: ok(store.listNotes(params.id)) }));
  route(router, ctx, 'deleteNote', ({ session, params }) => ({
    status: 200,
    body: ok(store.deleteNote(session.user.id, params.id), 'Note deleted.'),
  }));
  return router;
}
