import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../src/adapters/node.ts';
import { fromFetch } from '../src/engine/fetch.ts';
import type { EngineReply } from '../src/lib/http.ts';

/** A request as the fetch adapter hands it to the engine. */
const request = (method: string, path: string, body?: unknown) =>
  fromFetch(
    new Request(`http://mock.test${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    }),
    '127.0.0.1',
  );

describe("the engine's dispatch", () => {
  it('answers at once when nothing has to wait, and through a promise when a body is read', async () => {
    const engine = createMockEngine({ users: 20 });
    const core = await engine.ready;
    try {
      // No body, no latency: the reply itself (here a 401: no token), so an adapter sends it without a microtask.
      const now = core.dispatch(request('GET', '/api/v1/users/me'));
      expect(now).not.toBeInstanceOf(Promise);
      expect((now as EngineReply).status).toBe(401);
      // A 404 the matcher finds at once is an answer too, not a throw.
      const missing = await core.dispatch(request('GET', '/api/v1/nowhere'));
      expect(missing.status).toBe(404);
      // A body is read first: a promise, settled with the answer.
      const later = core.dispatch(request('POST', '/api/v1/login', {}));
      expect(later).toBeInstanceOf(Promise);
      expect((await later).status).toBe(422);
    } finally {
      engine.close();
    }
  });
});
