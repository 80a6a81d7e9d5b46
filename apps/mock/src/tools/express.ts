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
  /** The path as it arrived (a mounted router would shorten `req.path` later). */
  path: string;
  /** `undefined` while nothing but the journal needs it (the journal names it when read). */
  operationId: string | null | undefined;
  overridden: boolean;
  recorded: boolean;
}

const TRACK = Symbol('cohort.track');
/** The track sits on the response itself: `res.locals` is a dictionary-mode object, slower to write and read. */
type Tracked = Response & { [TRACK]?: Track };
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
    if (idle()) return next();
    const path = req.path;
    if (!API_PATH.test(path)) return next();
    // The drift alarm and the overrides need the operation now; the journal alone does not.
    let operationId: string | null | undefined;
    if (tools.checkResponses !== 'off' || tools.overrides.size > 0) {
      const found = router.match(req.method, path);
      operationId = found && 'operation' in found ? found.operation.operationId : null;
    }
    const track: Track = {
      path,
      started: performance.now(),
      at: tools.now().getTime(),
      operationId,
      overridden: false,
      recorded: false,
    };
    (res as Tracked)[TRACK] = track;
    const answer = operationId && tools.overrides.size > 0 ? tools.overrides.take(operationId) : undefined;
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
    writeHead: (this: Tracked, statusCode: unknown, reason?: unknown, headers?: unknown) => unknown;
    json: (this: Tracked, body: unknown) => unknown;
  };
  if (tools.journal.size > 0) {
    const writeHead = proto.writeHead;
    // Named parameters, not a rest array: node's own writeHead reads them the same way, and a
    // spread of `arguments` on every response is an allocation the journal does not need.
    proto.writeHead = function (this: Tracked, statusCode: unknown, reason?: unknown, headers?: unknown) {
      const track = this[TRACK];
      if (track && !track.recorded) {
        track.recorded = true;
        const req = this.req as Request;
        tools.journal.record({
          at: track.at,
          method: req.method,
          url: req.originalUrl,
          path: track.path,
          operationId: track.operationId,
          status: typeof statusCode === 'number' ? statusCode : this.statusCode,
          body: req.body,
          bodyLength: Number(req.headers['content-length'] ?? 0),
          headers: req.headers,
          durationMs: performance.now() - track.started,
          overridden: track.overridden,
        });
      }
      return writeHead.call(this, statusCode, reason, headers);
    };
  }
  if (tools.checkResponses === 'off') return;
  const json = proto.json;
  const strict = tools.checkResponses === 'strict';
  proto.json = function (this: Tracked, body: unknown) {
    const operationId = this[TRACK]?.operationId;
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
