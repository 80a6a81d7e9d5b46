/**
 * The mock engine without Node: one request path (`createEngineCore`) answering fetch `Request`s.
 * Nothing here (or below) imports a Node built-in, Express, SQLite, sharp or busboy
 * (test/engine-boundary.test.ts walks the graph), so it runs in a browser as in Node.
 */

import type { OpenApiDocument } from '@cohort/openapi/schema';
import { HttpError } from '../http-error.ts';
import { sessionStores } from '../store/session-stores.ts';
import { Store, type StoreOptions } from '../store/store.ts';
import type { State } from '../store/types.ts';
import { createEngineCore, type EngineCore, type EngineOptions } from './core.ts';
import { fromFetch, notServed, toResponse } from './fetch.ts';
import type { MediaPlatform } from './media.ts';
import { memoryMedia } from './memory-media.ts';
import { type SessionOptions, Sessions } from './sessions.ts';

export type { EngineOptions } from './core.ts';
export type { CryptoPlatform } from './crypto.ts';
export { installCrypto, pureCrypto } from './crypto.ts';
export type { MediaPlatform } from './media.ts';

export interface CreateEngineOptions extends Omit<EngineOptions, 'seededPasswordHash'> {
  /** The contract (a bundler can import the YAML as JSON; Node reads the file). */
  doc: OpenApiDocument;
  /** The seeded state: what the engine starts from and what `reset()` restores. */
  state: () => State;
  /** The hash of the password every seeded user shares; may still be computing. */
  seededPasswordHash: string | Promise<string>;
  store?: StoreOptions;
  /** Where uploads go (default: in memory, not re-encoded). */
  media?: MediaPlatform;
  /** The address rate limits count fetch requests by (default 127.0.0.1: they come from this tab or process). */
  clientAddress?: string;
  /** Sessions (`X-Mock-Session`, or the `mock_session` cookie): how many at once and when an idle one goes. */
  sessions?: SessionOptions;
}

export interface MockEngine {
  /** Answers one request; a path outside `/api/` is a 404 (docs, media files and `/__mock` are the server's). */
  handle(request: Request): Promise<Response>;
  store: Store;
  /** The engine's parts, once built (after the seeded hash). */
  ready: Promise<EngineCore>;
  /** Back to the seed: state, sign-ins, rate windows, mails, overrides, journal, violations; every session dropped. */
  reset(): Promise<void>;
  /** Stops timers and closes open streams. */
  close(): void;
}

const API = /^\/api\//i;

export function createEngine(options: CreateEngineOptions): MockEngine {
  const store = new Store(options.state(), options.store);
  const { doc, state, media, clientAddress, seededPasswordHash, ...rest } = options;
  const { sessions: sessionOptions, realtime: _own, outbox: _mails, ...perSession } = rest;
  const built = Promise.resolve(seededPasswordHash).then((hash) => {
    const core = createEngineCore(store, doc, media ?? memoryMedia(doc), { ...rest, seededPasswordHash: hash });
    // Each session: its own store from the same seed (sharing its profile items), the clock, compiled contract and tools.
    const stores = sessionStores(state);
    // A session's scenario (X-Mock-Scenario) is served by the Node server; here every session is the seed's.
    const make = (name: string, scenario: string | undefined) => {
      if (scenario !== undefined && scenario !== 'default') {
        throw HttpError.badRequest(
          'X-Mock-Scenario is served by the mock server (apps/mock), not the in-process engine.',
        );
      }
      return createEngineCore(
        stores.create({ ...options.store, clock: core.clock }),
        doc,
        memoryMedia(doc),
        { ...perSession, seededPasswordHash: hash },
        core.shared,
        name,
      );
    };
    const sessions = new Sessions(make, () => core.clock.now().getTime(), sessionOptions);
    return { core, sessions, dispatch: sessions.dispatch(core.dispatch) };
  });
  const ready = built.then(({ core }) => core);
  const clientKey = clientAddress ?? '127.0.0.1';
  return {
    store,
    ready,
    async handle(request) {
      const { dispatch } = await built;
      const path = new URL(request.url).pathname;
      if (!API.test(path)) return toResponse(request, notServed(request));
      return toResponse(request, await dispatch(fromFetch(request, clientKey)));
    },
    async reset() {
      const { core, sessions } = await built;
      sessions.dropAll();
      store.reset(state());
      core.limiters.reset();
      core.outbox.clear();
      core.tools.overrides.clear();
      core.tools.journal.clear();
      core.tools.violations.clear();
    },
    close() {
      void built.then(({ core, sessions }) => {
        sessions.dropAll();
        core.close();
        core.realtime.close();
      });
    },
  };
}
