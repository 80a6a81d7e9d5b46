import { Router } from 'express';
import type { Store } from '../store/store.ts';
import type { State } from '../store/types.ts';

/** Developer-only endpoints, outside the contract. */
export function mockRouter(store: Store, resetState: () => State, onReset: () => void): Router {
  const router = Router();
  router.post('/__mock/reset', (_req, res) => {
    store.reset(resetState());
    onReset();
    res.json({ success: true, message: 'Mock state restored to the seed.', data: null });
  });
  return router;
}
