import type { OpenApiDocument } from '@cohort/openapi/schema';
import { http } from 'msw';
import { setupWorker } from 'msw/browser';
import { createEngine, type MockEngine, pureCrypto } from '../engine/index.ts';
import { memoryMedia } from '../engine/memory-media.ts';
import { browserMediaHandlers } from '../platform/browser-media.ts';
import { idbSnapshots } from '../platform/idb-snapshot.ts';
import { serveTabBridge } from '../platform/tab-bridge.ts';
import { registerRoutes } from '../routes/index.ts';
import { SEEDED_PASSWORD, type SeedOptions, seedState } from '../seed/index.ts';

export { DEMO_ACCOUNT } from '../seed/index.ts';

export interface BrowserMockOptions extends SeedOptions {
  /** The contract as data (the web app's build turns openapi.yaml into JSON). */
  doc: OpenApiDocument;
  /** Where MSW's worker script is served (`${BASE_URL}mockServiceWorker.js`). */
  workerUrl: string;
  /** The IndexedDB database holding the state between visits (none: the state lives in the tab only). */
  database?: string;
  /** The drift alarm: `log` checks every answer against the contract and warns once per drift in the console (dev). */
  checkResponses?: 'off' | 'log' | 'strict';
}

export interface BrowserMock {
  engine: MockEngine;
  /** Stops answering: the worker and the panel's bridge. */
  stop(): void;
  /** Back to the seed, and forget the kept state. */
  reset(): Promise<void>;
}

/**
 * The mock engine in the browser: MSW's service worker passes every `/api/` and `/media/` request
 * of this tab to `engine.handle` (the one request path the Express server runs), the user stream
 * included (a streaming Response). Hashing is `@noble/hashes`; uploads stay in memory; the state
 * is kept in IndexedDB after each write, so a reload keeps notes and messages. The `/__mock` endpoints
 * answer this tab, and the control panel (`/__mock/ui/`, another page) over `serveTabBridge`.
 */
export async function startBrowserMock(options: BrowserMockOptions): Promise<BrowserMock> {
  const { doc, workerUrl, database, checkResponses, ...seedOptions } = options;
  const snapshots = database ? await idbSnapshots(database) : undefined;
  let kept = await snapshots?.load();
  const media = memoryMedia(doc);
  const engine: MockEngine = createEngine({
    routes: registerRoutes,
    doc,
    state: () => {
      const state = kept ?? seedState(seedOptions);
      kept = undefined;
      return state;
    },
    seededPasswordHash: pureCrypto.hashPassword(SEEDED_PASSWORD),
    media,
    ...(checkResponses ? { checkResponses } : {}),
    store: snapshots ? { persistence: snapshots.persistence(() => engine.store.snapshot()) } : {},
  });
  // `/__mock` endpoints of this tab; the panel's files (`/__mock/ui/`) are the host's static files.
  const mockTools = ({ request }: { request: Request }) =>
    new URL(request.url).pathname.startsWith('/__mock/ui/') ? undefined : engine.handle(request);
  const worker = setupWorker(
    http.all('/api/*', ({ request }) => engine.handle(request)),
    http.all('/__mock/*', mockTools),
    ...browserMediaHandlers(engine, media.bytes),
  );
  await worker.start({ serviceWorker: { url: workerUrl }, onUnhandledRequest: 'bypass', quiet: true });
  await engine.ready;
  // The control panel, a page of its own, reaches this tab's engine over a BroadcastChannel (with the contract it reads).
  const stopBridge = serveTabBridge(async (request) =>
    new URL(request.url).pathname === '/openapi.json' ? Response.json(doc) : engine.handle(request),
  );
  return {
    engine,
    stop() {
      stopBridge();
      worker.stop();
    },
    async reset() {
      await snapshots?.clear();
      await engine.reset();
    },
  };
}
