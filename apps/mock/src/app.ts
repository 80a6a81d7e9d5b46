import { getHeapStatistics } from 'node:v8';
import express, { type Express, type RequestHandler } from 'express';
import { corsFor } from './adapters/cors.ts';
import { errorRate, latency, requestLog } from './adapters/dev.ts';
import { docsRouter } from './adapters/docs.ts';
import { errorHandler, notFound } from './adapters/errors.ts';
import { answerApiDirectly, engineMiddleware } from './adapters/express.ts';
import { type AllowedHosts, hostCheck } from './adapters/host-check.ts';
import { weakEtag } from './adapters/json-response.ts';
import { mediaRouter } from './adapters/media-router.ts';
import { mockGuard } from './adapters/mock-router.ts';
import { panelRouter } from './adapters/panel-router.ts';
import { presetSeedWorker } from './adapters/preset-seeder.ts';
import { contract } from './contract/contract.ts';
import { createEngineCore, type EngineCore, type EngineOptions, resetToSeed } from './engine/core.ts';
import { JSON_BODY_LIMIT } from './engine/json-text.ts';
import { MOCK_ENDPOINTS, mockEndpoints } from './engine/mock-endpoints.ts';
import { Sessions } from './engine/sessions.ts';
import { installCrypto } from './lib/crypto.ts';
import { sweepUnusedUploads, UNUSED_UPLOAD_MS } from './media/cleanup.ts';
import { MediaFiles } from './media/files.ts';
import { nodeCrypto } from './platform/node-crypto.ts';
import { nodeMediaPlatform } from './platform/node-media.ts';
import { nodeUpstream, type UpstreamFlags } from './platform/node-upstream.ts';
import { registerRoutes } from './routes/index.ts';
import { sessionSeeds } from './scenarios/session.ts';
import { seedState } from './seed/index.ts';
import type { Store } from './store/store.ts';
import type { State } from './store/types.ts';

installCrypto(nodeCrypto);

export const DEFAULT_CORS_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

export interface MockOptions extends Omit<EngineOptions, 'upstream'> {
  /** `--upstream`, `--mock-ops`, `--upstream-ops`: the backend asked first (Node's fetch reaches it unless another is given). */
  upstream?: UpstreamFlags;
  /** What `POST /__mock/reset` restores; defaults to the default seed. */
  resetState?: () => State;
  /** Request log sink, one line per request; omit for quiet. */
  log?: (line: string) => void;
  /** Allowed browser origins, or `'*'`. */
  corsOrigins?: string[] | '*';
  /** The address the server listens on (`--host`): a name there is an allowed `Host`. */
  host?: string;
  /** Names besides loopback, `host` and the CORS origins' hosts the server may be reached by (`--allowed-hosts`), or `'all'`. */
  allowedHosts?: AllowedHosts;
  /** Every `/__mock` endpoint, reads included; main.ts turns them off beyond loopback unless `--allow-remote-mock-tools`. */
  allowMockTools?: boolean;
  /** Where uploaded files are kept (`--data`: beside the data file); a temporary folder by default. */
  mediaDir?: string;
  /** How long (mock clock) an upload may go unused before it is removed (`--unused-upload-hours`; a day by default). */
  unusedUploadMs?: number;
  /** Sessions (`X-Mock-Session`) kept at once (`--max-sessions`, default 100). */
  maxSessions?: number;
  /** A session unused this long (mock clock) is dropped (`--session-idle-minutes`, default 30 minutes). */
  sessionIdleMs?: number;
  /** Sessions one address may hold (`--sessions-per-address`, default `maxSessions`); a full server also takes back from an address over its fair share. */
  sessionsPerAddress?: number;
  /** New sessions per minute per address (`--session-rate`, default 120). */
  sessionRate?: number;
  /** Users a session's preset is seeded with, over the preset's own count (`--users`, when given, wins as it does for `--scenario`). */
  scenarioUsers?: number;
  /** Roughly the heap sessions may take together (`--session-memory-mb`, default 2 GiB). */
  sessionMemoryBytes?: number;
  /** Express's `trust proxy` (`--trust-proxy`): only then is `X-Forwarded-For` the client's address. */
  trustProxy?: boolean | number | string;
}

/**
 * Sessions on this server: each its own store from `resetState` (the same seed), sharing the clock,
 * the compiled contract and the testing tools with the default engine; uploads on the same disk,
 * swept only by the default engine.
 */
function sessionsOf(
  engine: EngineCore,
  store: Store,
  resetState: () => State,
  files: MediaFiles,
  options: MockOptions,
): Sessions {
  const { realtime: _own, outbox: _mails, upstream, ...rest } = options;
  // Every session's engine asks the same backend (each binds its own users to the backend's tokens).
  const shared: EngineOptions = { ...rest, ...(upstream ? { upstream: nodeUpstream(upstream) } : {}) };
  const media = nodeMediaPlatform(files);
  const sessionMedia = { upload: media.upload, sweep: async () => {} };
  // Seeded once per preset; each session copies its state but shares its users and profile items (session-stores.ts).
  // A preset not seeded yet is seeded in a worker thread; its requests meanwhile are told to retry.
  const seeds = sessionSeeds(resetState, options.scenarioUsers, presetSeedWorker());
  const storeOptions = { clock: engine.clock, tokenTtlMs: store.accounts.tokenTtlSeconds * 1000 };
  const make = (name: string, scenarioName: string | undefined) => {
    const { stores, behaviourFor } = seeds.of(scenarioName);
    const sessionOptions = behaviourFor ? { ...shared, behaviourFor } : shared;
    return createEngineCore(
      stores.create(storeOptions),
      engine.doc,
      sessionMedia,
      sessionOptions,
      registerRoutes,
      engine.shared,
      name,
    );
  };
  return new Sessions(
    make,
    engine.clock.nowMs,
    {
      ...(options.maxSessions === undefined ? {} : { max: options.maxSessions }),
      ...(options.sessionIdleMs === undefined ? {} : { idleMs: options.sessionIdleMs }),
      ...(options.sessionsPerAddress === undefined ? {} : { perAddress: options.sessionsPerAddress }),
      ...(options.sessionRate === undefined ? {} : { createPerMinute: options.sessionRate }),
      ...(options.sessionMemoryBytes === undefined ? {} : { memoryBudget: options.sessionMemoryBytes }),
      heapRoom,
    },
    seeds,
  );
}

function withoutUpstream({ upstream: _upstream, ...rest }: MockOptions): Omit<MockOptions, 'upstream'> {
  return rest;
}

/** What the heap can still take, keeping a tenth of its limit spare (sessions are refused before it is at risk). */
function heapRoom(): number {
  const { heap_size_limit, used_heap_size } = getHeapStatistics();
  return heap_size_limit * 0.9 - used_heap_size;
}

/** Builds the mock's Express app over `store`: the engine's one request path for the API, Express routers for the rest. No side effects: the caller listens. */
export function createApp({ store, options }: { store: Store; options: MockOptions }): Express {
  const { doc } = contract();
  const origins = options.corsOrigins ?? DEFAULT_CORS_ORIGINS;
  const mediaFiles = new MediaFiles(options.mediaDir);
  const unusedUploadMs = options.unusedUploadMs ?? UNUSED_UPLOAD_MS;
  const webOrigin = options.webOrigin ?? (origins === '*' ? undefined : origins[0]) ?? 'http://localhost:5173';
  const engine = createEngineCore(
    store,
    doc,
    nodeMediaPlatform(mediaFiles, unusedUploadMs),
    {
      ...withoutUpstream(options),
      ...(options.upstream ? { upstream: nodeUpstream(options.upstream) } : {}),
      webOrigin,
      // With `*` any page could ask, so a link always points at the configured web origin.
      mailOrigins: options.mailOrigins ?? (origins === '*' ? [] : origins),
    },
    registerRoutes,
  );
  const { tools, outbox, clock } = engine;
  const resetState = options.resetState ?? (() => seedState());
  const sessions = sessionsOf(engine, store, resetState, mediaFiles, options);

  const app = express();
  app.disable('x-powered-by');
  // Rate limits and session caps count by address: behind a proxy one trusts, the client's, not the proxy's.
  if (options.trustProxy !== undefined) app.set('trust proxy', options.trustProxy);
  // What Express's own `res.json` and `send` tag answers with (the routers outside the engine).
  app.set('etag', weakEtag);
  const log = options.log ? requestLog(options.log) : undefined;
  if (log) app.use(log);
  // DNS rebinding: a request for a name this mock was not given is refused before any handler, /docs and /__mock included.
  const hosts = hostCheck({
    corsOrigins: origins,
    ...(options.host === undefined ? {} : { host: options.host }),
    ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
  });
  app.use(hosts);
  // CORS on every answer, worked out once per origin and owed with the security headers (a preflight is answered here).
  const allowCors = corsFor(origins);
  const cors: RequestHandler = (req, res, next) => {
    if (!allowCors(req, res)) next();
  };
  app.use(cors);
  // Uploads nothing uses are removed once old enough (also checked before each upload).
  setInterval(() => void sweepUnusedUploads(store, mediaFiles, unusedUploadMs), 60_000).unref();

  const parseBody = express.json({ limit: JSON_BODY_LIMIT });
  // Every path under /api/ (the contract's operations, and their 404s and 405s): the engine.
  const api = engineMiddleware(sessions.dispatch(engine.dispatch), parseBody);
  app.use(api);

  // What is not in the contract: plain Express routers.
  app.use(docsRouter(doc));
  app.use(mediaRouter(store, mediaFiles));
  // Every /__mock endpoint: the same functions the in-process engine answers them with.
  const guardOptions = { corsOrigins: origins, allowMockTools: options.allowMockTools ?? true };
  const endpoints = mockEndpoints({
    tools,
    operations: engine.shared.operations,
    sessions,
    clock,
    store,
    unusedUploadMs,
    outbox,
    reset: () => resetToSeed(engine, resetState()),
    guard: mockGuard(guardOptions),
    ...(options.onBug ? { onBug: options.onBug } : {}),
  });
  // The control panel (/__mock/ui): built files behind the same guard.
  app.use(panelRouter({ guard: mockGuard(guardOptions), webOrigin }));
  app.use(engineMiddleware(endpoints, parseBody, MOCK_ENDPOINTS));

  // Everything else under the dev middlewares, then 404/405 from the same matcher as the engine.
  const before: RequestHandler[] = [];
  if (options.latency) before.push(latency(options.latency, options.random));
  if (options.errorRate) before.push(errorRate(options.errorRate, options.random));
  app.use(...before, parseBody);
  app.use(notFound(engine.table.router));
  const onError = errorHandler(options.onBug ?? ((error) => console.error(error)));
  app.use(onError);
  // The same steps for the API, run without Express's router walking to them (see answerApiDirectly).
  answerApiDirectly(app, log ? [log, hosts, cors, api] : [hosts, cors, api], onError);
  return app;
}
