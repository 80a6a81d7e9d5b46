import { Router } from 'express';
import type { Sessions } from '../engine/sessions.ts';
import { HttpError } from '../http-error.ts';
import { guard, type MockRouterOptions } from './mock.ts';

const ok = <T>(data: T, message = 'OK') => ({ success: true, message, data });

/** `/__mock/sessions`: list the sessions (`X-Mock-Session`), reset one or all. */
export function mockSessionsRouter(
  sessions: Sessions,
  options: Pick<MockRouterOptions, 'allowStateChanges' | 'corsOrigins'>,
): Router {
  const router = Router();
  const guarded = guard(options);
  router.get('/__mock/sessions', (_req, res) => {
    res.json(ok(sessions.list(), `${sessions.size} of at most ${sessions.max} sessions.`));
  });
  router.delete('/__mock/sessions', guarded, (_req, res) => {
    const removed = sessions.dropAll();
    res.json(ok({ removed }, 'Every session reset: each starts from the seed again on its next request.'));
  });
  router.delete('/__mock/sessions/:name', guarded, (req, res) => {
    if (!sessions.drop(String(req.params.name))) throw HttpError.notFound('No session with that name.');
    res.json(ok({ removed: 1 }, 'Session reset: it starts from the seed again on its next request.'));
  });
  return router;
}
