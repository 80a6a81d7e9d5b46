/**
 * The mock engine without Node: one request path (`createEngineCore`) answering fetch `Request`s.
 * Nothing here (or below) imports a Node built-in, Express, SQLite, sharp or busboy
 * (test/engine-boundary.test.ts walks the graph), so it runs in a browser as in Node.
 */

import type { OpenApiDocument } from '@cohort/openapi/schema';
import type { EngineRequest } from '../lib/http.ts';
import { HttpError } from '../lib/http-error.ts';
import { sessionSeeds } from '../scenarios/session.ts';
import { Store, type StoreOptions } from '../store/store.ts';
import type { State } from '../store/types.ts';
import { createEngineCore, type EngineCore, type EngineOptions, type RegisterRoutes, resetToSeed } from './core.ts';
import { fromFetch, notServed, toResponse } from './fetch.ts';
import type { MediaPlatform } from './media.ts';
import { memoryMedia } from './memory-media.ts';
import { MOCK_ENDPOINTS, mockEndpoints } from './mock-endpoints.ts';
import { type SessionOptions, Sessions } from './sessions.ts';

export type { CryptoPlatform } from '../lib/crypto.ts';
export { installCrypto, pureCrypto } from '../lib/crypto.ts';
export type { EngineOptions, RegisterRoutes } from './core.ts';
export type { MediaPlatform } from './media.ts';
export { fetchTransport, type UpstreamOptions, type UpstreamSend } from './upstream.ts';

export interface CreateEngineOptions extends Omit<EngineOptions, 'seededPasswordHash'> {
  /** Every operation's handler (`registerRoutes` from routes/index.ts). */
  routes: RegisterRoutes;
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
  /**
   * Answers one request: the API (`/api/`) and every `/__mock` endpoint (`overrides`, `requests`,
   * `violations`, `sessions`, `reset`, `mail`, `clock`), so `mockControl` drives it as it drives the
   * server; any other path is a 404 (docs and media files are the server's).
   */
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
  const { doc, state, media, clientAddress, seededPasswordHash, routes, ...rest } = options;
  const { sessions: sessionOptions, realtime: _own, outbox: _mails, ...perSession } = rest;
  const built = Promise.resolve(seededPasswordHash).then((hash) => {
    const core = createEngineCore(store, doc, media ?? memoryMedia(doc), { ...rest, seededPasswordHash: hash }, routes);
    // Each session: its own store from its preset's seed, made once (sharing its profile items and users), the clock, compiled contract and tools.
    const seeds = sessionSeeds(state);
    // X-Mock-Scenario on a session's first request: the preset's data and behaviour, as the server makes it.
    const make = (name: string, scenarioName: string | undefined) => {
      const { stores, behaviourFor } = seeds.of(scenarioName);
      // A session's state is its own: never the default store's persistence (the tab's IndexedDB); create() drops it.
      const sessionStore = stores.create({ ...options.store, clock: core.clock });
      const shaped = behaviourFor ? { ...perSession, behaviourFor } : perSession;
      return createEngineCore(
        sessionStore,
        doc,
        memoryMedia(doc),
        { ...shaped, seededPasswordHash: hash },
        routes,
        core.shared,
        name,
      );
    };
    const sessions = new Sessions(make, core.clock.nowMs, sessionOptions, seeds);
    // POST /__mock/reset as the server answers it: the default state and what a test set outside any session.
    const resetDefault = () => resetToSeed(core, state());
    const endpoints = mockEndpoints({
      tools: core.tools,
      operations: core.shared.operations,
      sessions,
      clock: core.clock,
      store,
      outbox: core.outbox,
      reset: resetDefault,
      guard: sameOrigin,
      ...(options.onBug ? { onBug: options.onBug } : {}),
    });
    return { core, sessions, dispatch: sessions.dispatch(core.dispatch), endpoints, resetDefault };
  });
  const ready = built.then(({ core }) => core);
  const clientKey = clientAddress ?? '127.0.0.1';
  return {
    store,
    ready,
    async handle(request) {
      const { dispatch, endpoints } = await built;
      const path = new URL(request.url).pathname;
      if (API.test(path)) return toResponse(request, await dispatch(fromFetch(request, clientKey)));
      if (MOCK_ENDPOINTS.test(path)) return toResponse(request, await endpoints(fromFetch(request, clientKey)));
      return toResponse(request, notServed(request));
    },
    async reset() {
      const { core, sessions, resetDefault } = await built;
      sessions.dropAll();
      resetDefault();
      core.tools.overrides.clear();
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

/**
 * The engine's guard on every `/__mock` endpoint, reads included: no page of another origin than
 * the engine's own (a service worker only sees its own pages; msw/node none).
 */
function sameOrigin(req: EngineRequest): void {
  const request = req.native as Request;
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== new URL(request.url).origin) {
    throw HttpError.forbidden(`Requests from ${origin.slice(0, 200)} may not use the mock's /__mock endpoints.`);
  }
}
