import type { RouteMatch } from '../contract/router.ts';
import type { EngineReply, EngineRequest } from '../lib/http.ts';
import type { FieldErrors } from '../lib/http-error.ts';
import { HttpError } from '../lib/http-error.ts';
import type { Store } from '../store/store.ts';
import type { MockTools } from '../tools/tools.ts';
import type { ViolationRequest } from '../tools/violations.ts';
import type { Before, Call, OperationTable } from './dispatch.ts';
import type { Answered, Upstream } from './upstream.ts';

export interface PipelineOptions {
  /** The session whose state this pipeline answers from (the journal notes it); null: the default state. */
  session: string | null;
  table: OperationTable;
  store: Store;
  tools: MockTools;
  /** `--latency` and `--error-rate`, when set. */
  before?: Before | undefined;
  /** Where unexpected errors (bugs) are reported; the client only sees a bare 500. */
  onBug: (error: unknown) => void;
  /** `--upstream`: the backend asked first, the engine answering what it has not built. */
  upstream?: Upstream | undefined;
}

/**
 * Answers one API request (a path under `/api/`): the one request path every adapter shares. The
 * answer comes back at once when nothing had to wait (no body to read, no latency), so an adapter
 * can send it without a trip through the microtask queue.
 */
export type Dispatch = (req: EngineRequest) => EngineReply | Promise<EngineReply>;

const idle = (tools: MockTools, upstream: Upstream | undefined) =>
  upstream === undefined &&
  tools.journal.size === 0 &&
  tools.checkResponses === 'off' &&
  tools.overrides.size === 0 &&
  tools.recordings.running === 0;

/**
 * The engine's request path: an override when one applies (before sign-in, validation, latency or
 * `--error-rate`: it is what the test asked for), else, with `--upstream`, the backend (the
 * operation table when it has not built the operation), else the operation table; any error becomes
 * the contract's error envelope; then the drift alarm checks the answer and the journal records it
 * with the side that gave it (the one place every answer passes, whoever gave it).
 */
export function createPipeline({ session, table, store, tools, before, onBug, upstream }: PipelineOptions): Dispatch {
  const errorReply = (error: unknown, headers: Record<string, string>): EngineReply => {
    const httpError = HttpError.from(error);
    if (httpError.status >= 500 && !(error instanceof HttpError)) onBug(error);
    return {
      kind: 'json',
      status: httpError.status,
      headers: { ...headers, ...httpError.headers },
      body: httpError.toBody(),
    };
  };
  /**
   * The table's answer, or the error envelope for whatever it threw (at once or later), handed to
   * `next`: at once when it is at hand, else in the one step that settles it (no promise between).
   */
  const answer = (
    req: EngineRequest,
    call: Call,
    found: RouteMatch | undefined,
    next: (reply: EngineReply) => EngineReply,
    waitFirst: Before | undefined = before,
  ): EngineReply | Promise<EngineReply> => {
    let reply: EngineReply | Promise<EngineReply>;
    try {
      reply = table.run(req, waitFirst, store, call, found);
    } catch (error) {
      return next(errorReply(error, call.headers));
    }
    if (!(reply instanceof Promise)) return next(reply);
    return reply.then(next, (error: unknown) => next(errorReply(error, call.headers)));
  };
  const finish = (call: Call, reply: EngineReply): EngineReply => {
    for (const after of call.after) after(reply.status);
    return reply;
  };
  const fresh = (req: EngineRequest): Call => ({
    req,
    params: {},
    session: undefined,
    body: undefined,
    headers: {},
    after: [],
  });

  /** The journal's entry and the drift alarm's check, once the answer is known. */
  const note = (
    req: EngineRequest,
    call: Call,
    found: RouteMatch,
    at: number,
    started: number,
    reply: EngineReply,
    overridden: boolean,
    proxied?: Answered,
  ) => {
    const operationId = found && 'operation' in found ? found.operation.operationId : null;
    let answered = reply;
    const backend = proxied?.side === 'backend';
    let drifted = proxied?.drifted === true;
    // The backend's answers are always checked (the upstream report counts drift); the engine's with the alarm on.
    if (operationId && answered.kind === 'json' && (backend || tools.checkResponses !== 'off')) {
      // The journal records this request next, synchronously: its entry is the one after the newest.
      const request = {
        seq: tools.journal.size > 0 ? tools.journal.last + 1 : null,
        method: req.method,
        path: req.path,
        session,
      };
      const [checked, broke] = drift(tools, operationId, answered, backend ? 'backend' : 'engine', request);
      drifted ||= broke;
      answered = checked;
    }
    if (operationId && proxied && tools.upstream) {
      tools.upstream.record(
        operationId,
        backend
          ? { side: 'backend', status: answered.status, drifted }
          : { side: 'engine', status: answered.status, reason: proxied.reason ?? 'mock-ops' },
      );
    }
    tools.journal.record({
      at,
      method: req.method,
      url: req.url,
      operationId,
      session,
      status: answered.status,
      body: call.body,
      bodyLength: Number(req.headers['content-length'] ?? 0),
      headers: req.headers,
      durationMs: performance.now() - started,
      overridden,
      backend,
    });
    if (tools.recordings.running > 0)
      tools.recordings.record({
        at,
        session,
        method: req.method,
        url: req.url,
        operationId,
        headers: req.headers,
        body: call.body,
        bodyLength: Number(req.headers['content-length'] ?? 0),
        reply: answered,
        durationMs: performance.now() - started,
        overridden,
        user: call.session?.user,
      });
    return finish(call, answered);
  };

  /** An override's answer: its JSON body read all the same (the journal shows what the app sent), its delay waited. */
  const overridden = async (
    req: EngineRequest,
    call: Call,
    override: NonNullable<ReturnType<MockTools['overrides']['take']>>,
  ): Promise<EngineReply> => {
    // A bad body does not matter here.
    if (req.hasBody) call.body = await req.readJson().catch(() => undefined);
    if (override.delay > 0) await new Promise((resolve) => setTimeout(resolve, override.delay));
    return 'body' in override
      ? { kind: 'json', status: override.status, headers: { ...override.headers }, body: override.body }
      : { kind: 'empty', status: override.status, headers: { ...override.headers } };
  };

  /** Noted in the journal (and checked, and overridden when asked): synchronous unless the answer is not. */
  const noted = (req: EngineRequest): EngineReply | Promise<EngineReply> => {
    const started = performance.now();
    const at = tools.nowMs();
    const found = table.router.match(req.method, req.path);
    const operationId = found && 'operation' in found ? found.operation.operationId : null;
    const call = fresh(req);
    const override =
      operationId !== null && tools.overrides.size > 0 ? tools.overrides.take(operationId, session) : undefined;
    if (override)
      return overridden(req, call, override).then((done) => note(req, call, found, at, started, done, true));
    if (upstream && operationId !== null && found && 'operation' in found) {
      const { params } = found;
      return upstream
        .answer(req, operationId, params, before, (replay) => {
          // The engine answers the request replayed (its body from the bytes kept); the wait was already had.
          call.req = replay;
          return answer(replay, call, found, (done) => done, undefined);
        })
        .then(
          (proxied) => {
            if (proxied.side === 'backend') call.body = proxied.body;
            return note(req, call, found, at, started, proxied.reply, false, proxied);
          },
          (error: unknown) => note(req, call, found, at, started, errorReply(error, call.headers), false),
        );
    }
    return answer(req, call, found, (done) => note(req, call, found, at, started, done, false));
  };

  return (req) => {
    // Nothing to note and nothing to answer: straight to the table, with no async step of its own.
    if (!idle(tools, upstream)) return noted(req);
    const call = fresh(req);
    return answer(req, call, undefined, (done) => finish(call, done));
  };
}

/** The drift alarm: a violation is reported (once per side, operation and pointer) and, `--strict`, answered as a 500. */
function drift(
  tools: MockTools,
  operationId: string,
  reply: EngineReply & { kind: 'json' },
  side: 'engine' | 'backend',
  request: ViolationRequest,
): [EngineReply, boolean] {
  const issues = tools.checker.check(operationId, reply.status, reply.body);
  if (issues.length === 0) return [reply, false];
  tools.violations.report(operationId, reply.status, issues, side, request);
  if (tools.checkResponses !== 'strict') return [reply, true];
  const errors: FieldErrors = {};
  for (const { pointer, message } of issues)
    errors[`response${pointer}`] = [...(errors[`response${pointer}`] ?? []), message];
  const strict: EngineReply = {
    kind: 'json',
    status: 500,
    headers: reply.headers,
    body: {
      success: false,
      message: `The ${side === 'backend' ? "backend's" : "mock's"} ${reply.status} answer to ${operationId} does not match the contract (--strict).`,
      errors,
    },
  };
  return [strict, true];
}
