import type { components } from '@cohort/api';
import express, { type Express, type RequestHandler } from 'express';
import type { MockClock } from './clock.ts';
import { contract } from './contract.ts';
import { docsRouter } from './docs.ts';
import { type Mail, Outbox } from './mail.ts';
import { sweepUnusedUploads, UNUSED_UPLOAD_MS } from './media/cleanup.ts';
import { MediaFiles } from './media/files.ts';
import { corsFor } from './middleware/cors.ts';
import { errorRate, type Latency, latency, redactUrl, requestLog } from './middleware/dev.ts';
import { errorHandler, notFound } from './middleware/errors.ts';
import { fastJson, weakEtag } from './middleware/json-response.ts';
import { type AuthLimits, authLimiters } from './middleware/rate-limit.ts';
import { hubViews } from './realtime/announce.ts';
import { RealtimeHub } from './realtime/hub.ts';
import { StreamTickets } from './realtime/tickets.ts';
import { accountRoutes } from './routes/account.ts';
import { authRoutes } from './routes/auth.ts';
import { blocksRoutes } from './routes/blocks.ts';
import { callsRoutes } from './routes/calls.ts';
import { channelsRoutes } from './routes/channels.ts';
import { clubsRoutes } from './routes/clubs.ts';
import { connectionsRoutes } from './routes/connections.ts';
import { OperationTable, type RouteContext } from './routes/define.ts';
import { directionsRoutes } from './routes/directions.ts';
import { directoryRoutes } from './routes/directory.ts';
import { eventsRoutes } from './routes/events.ts';
import { experiencesRoutes } from './routes/experiences.ts';
import { feedRoutes } from './routes/feed.ts';
import { groupsRoutes } from './routes/groups.ts';
import { interestsRoutes } from './routes/interests.ts';
import { mediaRouter, mediaRoutes } from './routes/media.ts';
import { messagesRoutes } from './routes/messages.ts';
import { mockRouter } from './routes/mock.ts';
import { mockToolsRouter } from './routes/mock-tools.ts';
import { nearbyRoutes } from './routes/nearby.ts';
import { notesRoutes } from './routes/notes.ts';
import { notificationsRoutes } from './routes/notifications.ts';
import { resourcesRoutes } from './routes/resources.ts';
import { savedListsRoutes } from './routes/saved-lists.ts';
import { streamRoutes } from './routes/stream.ts';
import { usersRoutes } from './routes/users.ts';
import { seedState } from './seed/index.ts';
import type { Store } from './store/store.ts';
import type { State } from './store/types.ts';
import { instrumentResponses, type MockTools, toolsMiddleware } from './tools/express.ts';
import { Journal } from './tools/journal.ts';
import { Overrides } from './tools/overrides.ts';
import { ResponseChecker } from './tools/response-check.ts';
import { Violations } from './tools/violations.ts';
import { compileValidators } from './validation.ts';

export const DEFAULT_CORS_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

export interface MockOptions {
  /** The scrypt hash of the password every seeded user shares (see `seededPasswordHash()`). */
  seededPasswordHash: string;
  /** What `POST /__mock/reset` restores; defaults to the default seed. */
  resetState?: () => State;
  /** Request log sink, one line per request; omit for quiet. */
  log?: (line: string) => void;
  /** Where unexpected errors (bugs) are reported; the client only sees a bare 500. */
  onBug?: (error: unknown) => void;
  latency?: Latency;
  /** Share (0..1) of API requests answered 503. */
  errorRate?: number;
  /** Allowed browser origins, or `'*'`. */
  corsOrigins?: string[] | '*';
  /** Sign-in and registration limits per e-mail and per address. */
  authLimits?: AuthLimits;
  /** The clock that `/__mock/clock` moves and rate windows read; the store's by default. */
  clock?: MockClock;
  /** `/__mock` endpoints that change state (reset, clock); main.ts turns them off beyond loopback. */
  allowStateChanges?: boolean;
  random?: () => number;
  /** Where the mails the mock would send are kept (`GET /__mock/mail`); the app makes its own by default. */
  outbox?: Outbox;
  /** The web app's origin, for the links in those mails (default: the first `corsOrigins` entry). */
  webOrigin?: string;
  /** Told of each mail as it is "sent" (dev prints the link). */
  onMail?: (mail: Mail) => void;
  /** The live chat streams; pass one to share it (the chatter does), else the app makes its own. */
  realtime?: RealtimeHub;
  /** Keep-alive period of chat streams when the app makes its own hub (default 15 s). */
  keepAliveMs?: number;
  /** ICE servers a call's peer connection uses (`getCallConfig`; `--ice-servers`); none by default. */
  iceServers?: components['schemas']['IceServer'][];
  /** Open streams per user and per token when the app makes its own hub (default 10). */
  streamsPerUser?: number;
  /** Requests the journal keeps (`GET /__mock/requests`); 0 turns it off (default 1000). */
  journalSize?: number;
  /** The drift alarm: check every JSON answer against the contract, and with `'strict'` answer a violation as a 500. */
  checkResponses?: 'off' | 'log' | 'strict';
  /** Where the drift alarm reports a new violation (once per operation and pointer); `console.warn` by default. */
  onViolation?: (line: string) => void;
  /** Where uploaded files are kept (`--data`: beside the data file); a temporary folder by default. */
  mediaDir?: string;
  /** How long (mock clock) an upload may go unused before it is removed (`--unused-upload-hours`; a day by default). */
  unusedUploadMs?: number;
}

/** Builds the mock's Express app over `store`. No side effects: the caller listens. */
export function createApp({ store, options }: { store: Store; options: MockOptions }): Express {
  const { doc, operations } = contract();
  const ctx: RouteContext = {
    store,
    operations: new Map(operations.map((op) => [op.operationId, op])),
    validators: compileValidators(doc, operations),
    table: new OperationTable(operations),
  };
  // One clock for token expiry, rate windows and stream tickets: the store's unless one is given.
  const clock = options.clock ?? store.clock;
  const limiters = authLimiters(options.authLimits, () => clock.now().getTime());
  ctx.writeLimit = limiters.writes;

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', weakEtag);
  // Before the drift alarm wraps `json` (below), so the alarm checks what the fast path sends.
  fastJson(app);
  if (options.log) app.use(requestLog(options.log));
  const checker = new ResponseChecker(doc, operations);
  const now = () => clock.now();
  const tools: MockTools = {
    checker,
    overrides: new Overrides(checker),
    journal: new Journal(options.journalSize ?? 1000, redactUrl, (method, path) => {
      const found = ctx.table.router.match(method, path);
      return found && 'operation' in found ? found.operation.operationId : null;
    }),
    violations: new Violations(options.onViolation ?? ((line) => console.warn(line)), now),
    checkResponses: options.checkResponses ?? 'off',
    now,
  };
  instrumentResponses(app, tools);
  const origins = options.corsOrigins ?? DEFAULT_CORS_ORIGINS;

  // Every contract operation, in one table; the order of registration does not matter (the
  // contract's one path matcher decides which operation a path names).
  const outbox = options.outbox ?? new Outbox();
  const webOrigin = options.webOrigin ?? (origins === '*' ? undefined : origins[0]) ?? 'http://localhost:5173';
  authRoutes(ctx, {
    seededPasswordHash: options.seededPasswordHash,
    loginLimiters: limiters.login,
    registerLimiters: limiters.register,
    passwordResetLimiters: limiters.passwordReset,
    outbox,
    webOrigin,
    ...(options.onMail ? { onMail: options.onMail } : {}),
  });
  resourcesRoutes(ctx);
  notesRoutes(ctx);
  clubsRoutes(ctx);
  interestsRoutes(ctx);
  directionsRoutes(ctx);
  experiencesRoutes(ctx);
  channelsRoutes(ctx);
  groupsRoutes(ctx);
  savedListsRoutes(ctx);
  directoryRoutes(ctx, limiters.directory);
  connectionsRoutes(ctx);
  blocksRoutes(ctx);
  nearbyRoutes(ctx, limiters.directory);
  callsRoutes(ctx, options.iceServers ?? []);
  feedRoutes(ctx);
  // A ringing call ends as missed after 30 s of the mock's clock, whether or not anyone asks.
  setInterval(() => store.transact(() => store.calls.sweep()), 1000).unref();
  accountRoutes(ctx, {
    seededPasswordHash: options.seededPasswordHash,
    passwordCheckLimiters: limiters.passwordCheck,
  });
  notificationsRoutes(ctx);
  messagesRoutes(ctx);
  eventsRoutes(ctx);
  usersRoutes(ctx, limiters.directory);
  const mediaFiles = new MediaFiles(options.mediaDir);
  mediaRoutes(ctx, mediaFiles, options.unusedUploadMs ?? UNUSED_UPLOAD_MS);
  // Uploads nothing uses are removed once old enough (also checked before each upload).
  setInterval(() => void sweepUnusedUploads(store, mediaFiles, options.unusedUploadMs), 60_000).unref();
  const realtime =
    options.realtime ??
    new RealtimeHub(store.chat, {
      ...hubViews(store),
      ...(options.keepAliveMs === undefined ? {} : { keepAliveMs: options.keepAliveMs }),
      ...(options.streamsPerUser === undefined ? {} : { streamsPerUser: options.streamsPerUser }),
    });
  streamRoutes(ctx, realtime, new StreamTickets(() => clock.now().getTime()));

  // What runs in front of every API request, matched or not (a 404 can be delayed or failed too);
  // event streams skip it (they stay open).
  const before: RequestHandler[] = [];
  if (options.latency) before.push(latency(options.latency, options.random));
  if (options.errorRate) before.push(errorRate(options.errorRate, options.random));
  const parseBody = express.json({ limit: '1mb' });
  // CORS on every answer (a preflight answered here), then the tools: overrides, the journal and
  // the drift alarm's note of which operation a request names. One middleware layer for both:
  // each layer costs the router a step on every request.
  const allowCors = corsFor(origins);
  const noteTools = toolsMiddleware(tools, ctx.table.router, parseBody);
  app.use((req, res, next) => {
    if (!allowCors(req, res)) noteTools(req, res, next);
  });

  // The contract's operations first, in one lookup: none of their paths is a docs, media or mock
  // path, so answering them before those routers changes nothing but the time taken.
  app.use(ctx.table.dispatch(before, parseBody, store));

  // What is not in the contract: plain Express routers.
  app.use(docsRouter(doc));
  app.use(mediaRouter(store, mediaFiles));
  app.use(
    mockRouter(store, {
      resetState: options.resetState ?? (() => seedState()),
      onReset: () => {
        limiters.reset();
        outbox.clear();
        // A reset starts a test over: what an earlier test set or saw goes too.
        tools.overrides.clear();
        tools.journal.clear();
        tools.violations.clear();
      },
      outbox,
      clock,
      corsOrigins: origins,
      allowStateChanges: options.allowStateChanges ?? true,
    }),
  );

  app.use(mockToolsRouter(tools, { corsOrigins: origins, allowStateChanges: options.allowStateChanges ?? true }));

  // Everything else under the API's middlewares, then 404/405 from the same matcher as dispatch.
  app.use(...before, parseBody);
  app.use(notFound(ctx.table.router));
  app.use(errorHandler(options.onBug ?? ((error) => console.error(error))));
  return app;
}
