import type { Express, Request, RequestHandler, Response } from 'express';
import type { ContractRouter } from '../contract.ts';
import type { FieldErrors } from '../http-error.ts';
import type { Journal } from './journal.ts';
import type { Overrides } from './overrides.ts';
import type { ResponseChecker } from './response-check.ts';
import type { Violations } from './violations.ts';

/** The testing tools one app carries (overrides, journal, drift alarm); the Express glue below wires them in. */
export interface MockTools {
  checker: ResponseChecker;
  overrides: Overrides;
  journal: Journal;
  violations: Violations;
  /** The drift alarm: off, log (and list) violations, or also answer them as a 500. */
  checkResponses: 'off' | 'log' | 'strict';
  now: () => Date;
}

/** What the tools know of one API request while it is answered. */
interface Track {
  started: number;
  /** Epoch milliseconds on the mock's clock. */
  at: number;
  operationId: string | null;
  overridden: boolean;
  recorded: boolean;
}

const TRACK = Symbol('cohort.track');
type Tracked = Response & { locals: { [TRACK]?: Track } };
const API_PATH = /^\/api\//i;

/**
 * In front of the API: notes which operation a request names (for the journal and the drift
 * alarm) and answers it from an override when one applies, before sign-in, validation, latency or
 * `--error-rate` (an override is what the test asked for, whatever else is configured).
 */
export function toolsMiddleware(tools: MockTools, router: ContractRouter, parseBody: RequestHandler): RequestHandler {
  const idle = () => tools.journal.size === 0 && tools.checkResponses === 'off' && tools.overrides.size === 0;
  return (req, res, next) => {
    // Nothing to note and nothing to answer: the request goes on as if the tools were not there.
    if (idle() || !API_PATH.test(req.path)) return next();
    const found = router.match(req.method, req.path);
    const operationId = found && 'operation' in found ? found.operation.operationId : null;
    const track: Track = {
      started: performance.now(),
      at: tools.now().getTime(),
      operationId,
      overridden: false,
      recorded: false,
    };
    (res as Tracked).locals[TRACK] = track;
    const answer = operationId !== null && tools.overrides.size > 0 ? tools.overrides.take(operationId) : undefined;
    if (!answer) return next();
    track.overridden = true;
    const reply = () => {
      res.status(answer.status).set(answer.headers);
      if ('body' in answer) res.json(answer.body);
      else res.end();
    };
    // Read a JSON body all the same, so the journal shows what the app sent; a bad one does not matter here.
    parseBody(req, res, () => {
      if (answer.delay > 0) setTimeout(reply, answer.delay);
      else reply();
    });
  };
}

/**
 * Hooks the app's response prototype (not each response: no per-request cost when a tool is off):
 * `writeHead` records the journal entry the moment the status is known, before a byte is sent, so a
 * test that asks the journal right after its answer finds it; `json` runs the drift alarm.
 */
export function instrumentResponses(app: Express, tools: MockTools): void {
  const proto = app.response as unknown as {
    writeHead: (this: Tracked, ...args: unknown[]) => unknown;
    json: (this: Tracked, body: unknown) => unknown;
  };
  if (tools.journal.size > 0) {
    const writeHead = proto.writeHead;
    proto.writeHead = function (this: Tracked, ...args: unknown[]) {
      const track = this.locals?.[TRACK];
      if (track && !track.recorded) {
        track.recorded = true;
        const req = this.req as Request;
        tools.journal.record({
          at: track.at,
          method: req.method,
          url: req.originalUrl,
          operationId: track.operationId,
          status: typeof args[0] === 'number' ? args[0] : this.statusCode,
          body: req.body,
          bodyLength: Number(req.headers['content-length'] ?? 0),
          headers: req.headers,
          durationMs: performance.now() - track.started,
          overridden: track.overridden,
        });
      }
      return writeHead.apply(this, args);
    };
  }
  if (tools.checkResponses === 'off') return;
  const json = proto.json;
  const strict = tools.checkResponses === 'strict';
  proto.json = function (this: Tracked, body: unknown) {
    const operationId = this.locals?.[TRACK]?.operationId;
    if (!operationId) return json.call(this, body);
    const issues = tools.checker.check(operationId, this.statusCode, body);
    if (issues.length === 0) return json.call(this, body);
    tools.violations.report(operationId, this.statusCode, issues);
    if (!strict) return json.call(this, body);
    const errors: FieldErrors = {};
    for (const { pointer, message } of issues)
      errors[`response${pointer}`] = [...(errors[`response${pointer}`] ?? []), message];
    const status = this.statusCode;
    this.status(500);
    return json.call(this, {
      success: false,
      message: `The mock's ${status} answer to ${operationId} does not match the contract (--strict).`,
      errors,
    });
  };
}
