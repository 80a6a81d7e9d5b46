import { describe, expect, it } from 'vitest';
import type { EngineReply, EngineRequest, StreamSink } from '../src/engine/http.ts';
import { createMockEngine } from '../src/engine-node.ts';

/** A bodiless request as an adapter hands it to the engine. */
const request = (method: string, path: string, body?: unknown): EngineRequest => ({
  method,
  path,
  url: path,
  query: {},
  headers: body === undefined ? {} : { 'content-type': 'application/json', 'content-length': '2' },
  clientKey: '127.0.0.1',
  hasBody: body !== undefined,
  readJson: () => Promise.resolve(body),
  readBytes: () => Promise.resolve(new Uint8Array()),
  openStream: (): StreamSink => {
    throw new Error('no stream here');
  },
});

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
