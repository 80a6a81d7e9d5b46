import { describe, expect, it } from 'vitest';
import { AREAS, api, readViews } from './areas/index.ts';
import { startServer } from './helpers.ts';

const JSON_POST = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
const options = { authLimits: { registerPerAddress: 100 } };

/**
 * `POST /__mock/reset` (and a failed transaction's rollback) rebuild the store's areas. Every route
 * must then write to the new ones: what it answers is what the store holds, persists and hands a
 * restart, never an area left over from before the reset.
 */
describe('after POST /__mock/reset, every area answers from the state the store keeps', () => {
  it.each(AREAS)('%s', async (_name, write) => {
    const server = await startServer({ seed: { users: 40, channels: 8 }, options });
    try {
      expect((await fetch(`${server.baseUrl}/__mock/reset`, JSON_POST)).status).toBe(200);
      const written = await write(api(server.baseUrl));
      const seen = await readViews(api(server.baseUrl), written.views);
      written.check(seen);
      // A server started from what the store holds answers the same.
      const kept = await startServer({ state: server.store.snapshot(), options });
      try {
        expect(await readViews(api(kept.baseUrl), written.views)).toEqual(seen);
      } finally {
        await kept.close();
      }
    } finally {
      await server.close();
    }
  });
});
