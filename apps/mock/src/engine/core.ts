import type { components } from '@cohort/api';
import type { OpenApiDocument, Operation } from '@cohort/openapi/schema';
import { operationsOf } from '../contract/operations.ts';
import { compileValidators } from '../contract/validation.ts';
import type { MockClock } from '../lib/clock.ts';
import { HttpError } from '../lib/http-error.ts';
import { unref } from '../lib/timers.ts';
import { hubViews } from '../realtime/announce.ts';
import { RealtimeHub } from '../realtime/hub.ts';
import { StreamTickets } from '../realtime/tickets.ts';
import type { BehaviourFor } from '../scenarios/types.ts';
import type { Store } from '../store/store.ts';
import type { State } from '../store/types.ts';
import { Journal } from '../tools/journal.ts';
import { type Mail, Outbox } from '../tools/mail.ts';
import { Overrides } from '../tools/overrides.ts';
import { Recordings } from '../tools/recorder.ts';
import { redactUrl } from '../tools/redact-url.ts';
import { ResponseChecker } from '../tools/response-check.ts';
import type { MockTools } from '../tools/tools.ts';
import { UpstreamReport } from '../tools/upstream-report.ts';
import { Violations } from '../tools/violations.ts';
import { type Before, OperationTable, type RouteContext } from './dispatch.ts';
import type { MediaPlatform } from './media.ts';
import { createPipeline, type Dispatch } from './pipeline.ts';
import { type AuthLimiters, type AuthLimits, authLimiters } from './rate-limit.ts';
import { Upstream, type UpstreamOptions } from './upstream.ts';

export interface Latency {
  min: number;
  max: number;
}

/** What shapes the engine's answers, whatever serves them (Express, fetch, msw). */
export interface EngineOptions {
  /** The scrypt hash of the password every seeded user shares (see `seededPasswordHash()`). */
  seededPasswordHash: string;
  /** Where unexpected errors (bugs) are reported; the client only sees a bare 500. */
  onBug?: (error: unknown) => void;
  latency?: Latency;
  /** Share (0..1) of API requests answered 503. */
  errorRate?: number;
  /** The scenario's latency and failures per operation (`--scenario`; see src/scenarios/); none by default. */
  behaviourFor?: BehaviourFor;
  /** Sign-in and registration limits per e-mail and per address. */
  authLimits?: AuthLimits;
  /** The clock that `/__mock/clock` moves and rate windows read; the store's by default. */
  clock?: MockClock;
  random?: () => number;
  /** Where the mails the mock would send are kept (`GET /__mock/mail`); the engine makes its own by default. */
  outbox?: Outbox;
  /** The web app's origin, for the links in those mails. */
  webOrigin?: string;
  /** Origins a mail's link may point at when the request came from one (the allowed browser origins); none by default. */
  mailOrigins?: readonly string[];
  /** Told of each mail as it is "sent" (dev prints the link). */
  onMail?: (mail: Mail) => void;
  /** The live chat streams; pass one to share it (the chatter does), else the engine makes its own. */
  realtime?: RealtimeHub;
  /** Keep-alive period of chat streams when the engine makes its own hub (default 15 s). */
  keepAliveMs?: number;
  /** ICE servers a call's peer connection uses (`getCallConfig`; `--ice-servers`); none by default. */
  iceServers?: components['schemas']['IceServer'][];
  /** Open streams per user and per token when the engine makes its own hub (default 10). */
  streamsPerUser?: number;
  /** Requests the journal keeps (`GET /__mock/requests`); 0 turns it off (default 1000). */
  journalSize?: number;
  /** The drift alarm: check every JSON answer against the contract, and with `'strict'` answer a violation as a 500. */
  checkResponses?: 'off' | 'log' | 'strict';
  /** Where the drift alarm reports a new violation (once per operation and pointer); `console.warn` by default. */
  onViolation?: (line: string) => void;
  /** `--upstream`: a real backend asked first, the engine answering what it has not built (see docs/upstream.md). */
  upstream?: UpstreamOptions;
}

/** One engine's parts: the request path (`dispatch`) and what the adapters' extra endpoints need. */
export interface EngineCore {
  dispatch: Dispatch;
  /** What a session's engine reuses of this one. */
  shared: SharedParts;
  store: Store;
  table: OperationTable;
  doc: OpenApiDocument;
  tools: MockTools;
  limiters: AuthLimiters;
  outbox: Outbox;
  clock: MockClock;
  realtime: RealtimeHub;
  /** Stops the engine's timers (call sweeps). */
  close(): void;
}

/** What every session's engine shares with the default one: the compiled contract and the testing tools. */
export interface SharedParts {
  operations: Operation[];
  validators: RouteContext['validators'];
  tools: MockTools;
}

/** What the routes need besides the table: the engine's rate limits, outbox, uploads and live streams. */
export interface RouteParts {
  options: EngineOptions;
  limiters: AuthLimiters;
  outbox: Outbox;
  media: MediaPlatform;
  realtime: RealtimeHub;
  tickets: StreamTickets;
}

/** Registers every operation's handler in `ctx.table`. */
export type RegisterRoutes = (ctx: RouteContext, parts: RouteParts) => void;

/** `--latency` and `--error-rate` as one step in front of every API request but an event stream. */
function beforeOf(options: EngineOptions): Before | undefined {
  const { latency, errorRate } = options;
  const random = options.random ?? Math.random;
  if (!latency && !errorRate) return undefined;
  return async () => {
    if (latency) {
      const ms = latency.min + Math.round(random() * (latency.max - latency.min));
      if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    }
    if (errorRate && random() < errorRate) {
      throw new HttpError(503, 'The mock server failed this request on purpose (--error-rate).');
    }
  };
}

function makeTools(
  doc: OpenApiDocument,
  operations: SharedParts['operations'],
  options: EngineOptions,
  clock: MockClock,
): MockTools {
  const checker = new ResponseChecker(doc, operations);
  return {
    checker,
    overrides: new Overrides(checker),
    journal: new Journal(options.journalSize ?? 1000, redactUrl),
    recordings: new Recordings(clock.nowMs),
    violations: new Violations(options.onViolation ?? ((line) => console.warn(line)), clock.now),
    checkResponses: options.checkResponses ?? 'off',
    ...(options.upstream ? { upstream: new UpstreamReport(options.upstream.url, clock.now) } : {}),
    now: clock.now,
    nowMs: clock.nowMs,
  };
}

/** Builds the engine over `store`: every contract operation in one table, the tools, one request path. */
export function createEngineCore(
  store: Store,
  doc: OpenApiDocument,
  media: MediaPlatform,
  options: EngineOptions,
  /** Every operation's handler (routes/index.ts): the composition root passes them, the engine never imports them. */
  routes: RegisterRoutes,
  shared?: SharedParts,
  /** The session this engine answers for (its journal entries say so); none for the default state. */
  session: string | null = null,
): EngineCore {
  const operations = shared?.operations ?? operationsOf(doc);
  const ctx: RouteContext = {
    store,
    operations: new Map(operations.map((op) => [op.operationId, op])),
    validators: shared?.validators ?? compileValidators(doc, operations),
    table: new OperationTable(operations),
  };
  // One clock for token expiry, rate windows and stream tickets: the store's unless one is given.
  const clock = options.clock ?? store.clock;
  const limiters = authLimiters(options.authLimits, clock.nowMs);
  ctx.writeLimit = limiters.writes;
  if (options.behaviourFor) ctx.table.behaviourFor = options.behaviourFor;
  const tools = shared?.tools ?? makeTools(doc, operations, options, clock);
  const outbox = options.outbox ?? new Outbox();
  const realtime =
    options.realtime ??
    new RealtimeHub(store.events, {
      ...hubViews(store),
      ...(options.keepAliveMs === undefined ? {} : { keepAliveMs: options.keepAliveMs }),
      ...(options.streamsPerUser === undefined ? {} : { streamsPerUser: options.streamsPerUser }),
    });
  routes(ctx, { options, limiters, outbox, media, realtime, tickets: new StreamTickets(clock.nowMs) });
  // A ringing call ends as missed after 30 s of the mock's clock, whether or not anyone asks.
  const sweep = unref(setInterval(() => store.transact(() => store.calls.sweep()), 1000));
  const dispatch = createPipeline({
    session,
    table: ctx.table,
    store,
    tools,
    before: beforeOf(options),
    onBug: options.onBug ?? ((error) => console.error(error)),
    upstream: options.upstream
      ? new Upstream({
          options: options.upstream,
          tools,
          store,
          operations: ctx.operations,
          validators: ctx.validators,
        })
      : undefined,
  });
  return {
    dispatch,
    shared: { operations, validators: ctx.validators, tools },
    store,
    table: ctx.table,
    doc,
    tools,
    limiters,
    outbox,
    clock,
    realtime,
    close: () => clearInterval(sweep),
  };
}

/**
 * `POST /__mock/reset` (the server's and the in-process engine's): the default state back to `state`,
 * sign-in attempts and mails forgotten, and what an earlier test set outside any session or saw.
 */
export function resetToSeed(core: EngineCore, state: State): void {
  core.store.reset(state);
  core.limiters.reset();
  core.outbox.clear();
  core.tools.overrides.clear(null);
  core.tools.journal.clear();
  core.tools.recordings.clear();
  core.tools.violations.clear();
  core.tools.upstream?.clear();
}
