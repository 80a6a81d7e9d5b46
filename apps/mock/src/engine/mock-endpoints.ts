/**
 * Every `/__mock` endpoint (`overrides`, `requests`, `journal/stream`, `recordings`, `violations`, `upstream`,
 * `sessions`, `reset`, `mail`, `clock`) as plain functions of an `EngineRequest`: the Express server and the in-process engine
 * both answer them here, behind one guard, so `mockControl` drives either the same way.
 */
import type { Operation } from '@cohort/openapi';
import type { Records, Send } from '@cohort/openapi/recording';
import type { MockClock } from '../lib/clock.ts';
import { type EngineReply, type EngineRequest, headerOf, type RequestHeaders } from '../lib/http.ts';
import { HttpError } from '../lib/http-error.ts';
import { unref } from '../lib/timers.ts';
import { type SeededRecords, seedRecords } from '../scenarios/records.ts';
import { parseScenario, ScenarioError } from '../scenarios/resolve.ts';
import type { Scenario } from '../scenarios/types.ts';
import { EXPIRY_KINDS, type Expired, type ExpiryKind, expiredBetween } from '../store/expiry.ts';
import type { Store } from '../store/store.ts';
import { toHar } from '../tools/har.ts';
import type { JournalQuery } from '../tools/journal.ts';
import type { Outbox } from '../tools/mail.ts';
import type { MockTools } from '../tools/tools.ts';
import { fromFetch } from './fetch.ts';
import { type Sessions, sessionOf } from './sessions.ts';

/** The paths answered here: all of `/__mock`, so an unknown one is refused by the same guard before its 404. */
export const MOCK_ENDPOINTS = /^\/__mock(?:\/|$)/;

export interface MockEndpointsOptions {
  tools: MockTools;
  sessions: Sessions;
  /** The contract's operations: a scenario file's `operations` and records are checked against them. */
  operations: readonly Operation[];
  /** `POST /__mock/reset`: the default state back to the seed, with what else the adapter resets. */
  reset: () => void | Promise<void>;
  /** The clock `GET`/`POST /__mock/clock` read and move. */
  clock: MockClock;
  /** The default state: what a clock advance made expire there is listed with the sessions'. */
  store: Store;
  /** How long an upload nothing uses is kept (the server sweeps them; the in-process engine does not). */
  unusedUploadMs?: number;
  /** The mails the mock would have sent (`GET /__mock/mail`): live reset links, so never for a foreign page. */
  outbox: Outbox;
  /**
   * Throws (an `HttpError`, 403) when this request may not reach any `/__mock` endpoint, read or
   * write: a foreign origin, or a server beyond loopback not opened up. State changes must also be JSON (checked here).
   */
  guard: (req: EngineRequest) => void;
  /** Where an unexpected error (a bug) is reported; the client sees a bare 500. */
  onBug?: (error: unknown) => void;
}

/**
 * A state change must be sent as JSON: a plain form or a `text/plain` fetch from any page needs no
 * preflight, a cross-site JSON request does (and the CORS policy answers it).
 */
export function requireJson(headers: RequestHeaders): void {
  const type = (headerOf(headers, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new HttpError(415, 'Send this request with Content-Type: application/json (a body is not needed).');
  }
}

type Reply = {
  data: unknown;
  message?: string;
  status?: number;
  /** A file answered as it is (a recording's scenario or HAR), not in the envelope. */
  file?: { body: unknown; name: string };
};
interface Route {
  method: string;
  /** The path after `/__mock/`; `:x` takes one segment, which a fixed tail may follow (`recordings/:id/stop`). */
  path: string;
  changes: boolean;
  run(req: EngineRequest, param: string): Reply | Promise<Reply>;
  /** An event stream instead of a JSON answer. */
  stream?: (req: EngineRequest) => EngineReply;
}

/** How often an idle journal stream sends a comment, so proxies and the reader know it is alive. */
const KEEP_ALIVE_MS = 15_000;

/** Items a clock advance lists at most; `counts` cover them all. */
const EXPIRED_LISTED = 1000;

/** What an advance of the clock from `fromMs` to `toMs` made expire, in the default state and in every session. */
function expiredBy(
  { store, sessions, unusedUploadMs }: MockEndpointsOptions,
  fromMs: number,
  toMs: number,
): { expired: Expired[]; counts: Record<ExpiryKind, number>; truncated: boolean } {
  const all = expiredBetween(store, fromMs, toMs, null, unusedUploadMs);
  for (const { name, store: own, idleEndMs } of sessions.entries()) {
    // A session that goes idle goes whole: what ran out inside it is not listed besides.
    if (idleEndMs > fromMs && idleEndMs <= toMs) {
      all.push({
        kind: 'session',
        id: name,
        expired_at: new Date(idleEndMs).toISOString(),
        user_id: null,
        session: name,
      });
    } else all.push(...expiredBetween(own, fromMs, toMs, name));
  }
  all.sort((a, b) => (a.expired_at < b.expired_at ? -1 : a.expired_at > b.expired_at ? 1 : 0));
  const counts = Object.fromEntries(EXPIRY_KINDS.map((kind) => [kind, 0])) as Record<ExpiryKind, number>;
  for (const item of all) counts[item.kind]++;
  return { expired: all.slice(0, EXPIRED_LISTED), counts, truncated: all.length > EXPIRED_LISTED };
}

/** `POST /__mock/sessions`: `{ name, preset? | scenario? }`, every bad field named (a scenario file's by its path). */
function sessionBody(
  body: unknown,
  operations: readonly Operation[],
): { name: string; preset: string | undefined; scenario: Scenario | undefined } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw HttpError.invalid({
      body: ['must be a JSON object: { "name": "...", "preset": "..." } or { "name", "scenario": {...} }'],
    });
  }
  const { name, preset, scenario, ...rest } = body as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  if (typeof name !== 'string' || !/^[A-Za-z0-9._~-]{1,64}$/.test(name)) {
    errors.name = ['must be 1 to 64 letters, digits, ".", "_", "~" or "-"'];
  }
  if (preset !== undefined && (typeof preset !== 'string' || preset === '')) errors.preset = ['must be a preset name'];
  let parsed: Scenario | undefined;
  if (scenario !== undefined && preset !== undefined) {
    const both = 'give a preset or a scenario, not both';
    errors.preset = [...(errors.preset ?? []), both];
    errors.scenario = [both];
  } else if (scenario !== undefined) {
    if (typeof scenario !== 'object' || scenario === null || Array.isArray(scenario)) {
      errors.scenario = ['must be a scenario document (an object, as a --scenario file holds)'];
    } else {
      try {
        parsed = parseScenario(scenario, 'file', operations, 'scenario');
      } catch (error) {
        if (!(error instanceof ScenarioError)) throw error;
        // "operations.getMee: not an operation…" → errors["scenario.operations.getMee"].
        for (const problem of error.problems) {
          const at = /^([^\s:]+): (.*)$/s.exec(problem);
          const field = at ? `scenario.${at[1]}` : 'scenario';
          errors[field] = [...(errors[field] ?? []), at ? (at[2] ?? problem) : problem];
        }
      }
    }
  }
  for (const key of Object.keys(rest)) errors[key] = ['is not a field of a new session (name, preset, scenario)'];
  if (Object.keys(errors).length > 0) throw HttpError.invalid(errors, 'The new session is not valid.');
  return { name: name as string, preset: preset as string | undefined, scenario: parsed };
}

/** Replays a scenario's recorded writes into session `name` through its own request path, as `--scenario FILE` does at start. */
async function replayInto(
  sessions: Sessions,
  name: string,
  records: Records,
  clientKey: string,
): Promise<SeededRecords> {
  const dispatch = sessions.dispatchOf(name);
  if (!dispatch) throw new Error(`session ${name} was not kept`);
  const send: Send = async ({ method, path, headers, body }) => {
    const request = new Request(`http://mock.invalid${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const reply = await dispatch(fromFetch(request, clientKey));
    return { status: reply.status, body: reply.kind === 'json' ? JSON.parse(JSON.stringify(reply.body)) : undefined };
  };
  return seedRecords(records, send);
}

const one = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : Array.isArray(value) ? one(value.at(-1)) : undefined;

/** `?all=true`: every session's overrides, not only the caller's. */
function allOf(query: Record<string, unknown>): boolean {
  const all = one(query.all);
  if (all === undefined || all === 'false') return false;
  if (all === 'true') return true;
  throw HttpError.invalid({ all: ['must be true or false'] });
}

/** `?operationId=&session=&since=&limit=` of the journal, every bad parameter named. */
function journalQuery(tools: MockTools, query: Record<string, unknown>): JournalQuery {
  const errors: Record<string, string[]> = {};
  const out: JournalQuery = {};
  const operationId = one(query.operationId);
  if (operationId !== undefined) {
    if (!tools.checker.has(operationId)) errors.operationId = [`is not an operation of the contract: ${operationId}`];
    else out.operationId = operationId;
  }
  const session = one(query.session);
  if (session !== undefined) out.session = session;
  const since = one(query.since);
  if (since !== undefined) {
    if (/^\d+$/.test(since)) out.since = Number(since);
    else if (/^\d{4}-\d\d-\d\d/.test(since) && !Number.isNaN(Date.parse(since))) out.since = new Date(since);
    else errors.since = ['must be a sequence number or an ISO 8601 time'];
  }
  const limit = one(query.limit);
  if (limit !== undefined) {
    if (/^\d+$/.test(limit) && Number(limit) >= 1) out.limit = Number(limit);
    else errors.limit = ['must be a whole number, 1 or more'];
  }
  if (Object.keys(errors).length > 0) throw HttpError.invalid(errors);
  return out;
}

/** `POST /__mock/recordings`'s body: which session to record (the caller's by default; `null`, the default state). */
async function recordedSession(req: EngineRequest, caller: string | null): Promise<string | null> {
  const body = req.hasBody ? await req.readJson() : undefined;
  if (body === undefined || body === null) return caller;
  if (typeof body !== 'object' || Array.isArray(body)) throw HttpError.invalid({ body: ['must be an object'] });
  const errors: Record<string, string[]> = {};
  for (const key of Object.keys(body)) if (key !== 'session') errors[key] = ['is not a field of a recording (session)'];
  const { session } = body as { session?: unknown };
  if (session !== undefined && session !== null && (typeof session !== 'string' || !/^[\w.-]{1,64}$/.test(session)))
    errors.session = [
      'must be a session name (1 to 64 letters, digits, ".", "_" or "-") or null for the default state',
    ];
  if (Object.keys(errors).length > 0) throw HttpError.invalid(errors);
  return session === undefined ? caller : (session as string | null);
}

/** The origin a request reached the mock by: what a HAR entry's absolute URL begins with. */
function originOf(req: EngineRequest): string {
  const host = headerOf(req.headers, 'host');
  return `http://${host && /^[\w.:[\]-]{1,255}$/.test(host) ? host : '127.0.0.1'}`;
}

function routesOf(options: MockEndpointsOptions): Route[] {
  const { tools, sessions, reset, clock, outbox } = options;
  const { overrides, journal, violations, recordings } = tools;
  const clockBody = () => ({ now: clock.now().toISOString(), offset_ms: clock.offsetMs });
  // The caller's session (`X-Mock-Session` or the `mock_session` cookie), as an API request names it.
  const scope = (req: EngineRequest) => sessionOf(req) ?? null;
  // The preset a recorded session was made from: its scenario file starts from it too.
  const presetOf = (session: string) => sessions.list().find((s) => s.name === session)?.scenario;
  return [
    {
      method: 'POST',
      path: 'overrides',
      changes: true,
      async run(req) {
        const added = overrides.add(await req.readJson(), scope(req));
        if ('errors' in added) throw HttpError.invalid(added.errors, 'The override does not fit the contract.');
        const where = added.session === null ? '' : ` in session ${added.session}`;
        return { status: 201, data: added, message: `${added.operationId} answers ${added.status} now${where}.` };
      },
    },
    {
      method: 'GET',
      path: 'overrides',
      changes: false,
      run: (req) => ({ data: overrides.list(allOf(req.query) ? undefined : scope(req)) }),
    },
    {
      method: 'DELETE',
      path: 'overrides',
      changes: true,
      run: (req) => ({
        data: { removed: overrides.clear(allOf(req.query) ? undefined : scope(req)) },
        message: 'Overrides removed.',
      }),
    },
    {
      method: 'DELETE',
      path: 'overrides/:id',
      changes: true,
      run(_req, id) {
        if (!overrides.remove(id)) throw HttpError.notFound('No override with that id.');
        return { data: { removed: 1 }, message: 'Override removed.' };
      },
    },
    {
      method: 'GET',
      path: 'requests',
      changes: false,
      run(req) {
        if (journal.size === 0) throw HttpError.notFound('The journal is off (--journal-size 0).');
        return { data: journal.list(journalQuery(tools, req.query)) };
      },
    },
    {
      // The journal live: each entry as it is recorded, one `entry` event each (`id:` its seq), redacted as listed.
      method: 'GET',
      path: 'journal/stream',
      changes: false,
      run: () => ({ data: null }),
      stream(req) {
        if (journal.size === 0) throw HttpError.notFound('The journal is off (--journal-size 0).');
        const query = journalQuery(tools, req.query);
        const lastId = headerOf(req.headers, 'last-event-id');
        let seen = lastId !== undefined && /^\d+$/.test(lastId) ? Number(lastId) : journal.last;
        if (typeof query.since === 'number') seen = query.since;
        const sink = req.openStream();
        sink.start(200, {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-cache, no-transform',
          'X-Accel-Buffering': 'no',
        });
        sink.write('retry: 3000\n\n');
        const send = () => {
          for (const entry of journal.list({ ...query, since: seen, limit: undefined })) {
            sink.write(`id: ${entry.seq}\nevent: entry\ndata: ${JSON.stringify(entry)}\n\n`);
          }
          seen = journal.last;
        };
        send();
        // Entries are recorded as an answer finishes; sent on the next turn so the entry is complete.
        let queued = false;
        const stop = journal.subscribe(() => {
          if (queued) return;
          queued = true;
          queueMicrotask(() => {
            queued = false;
            send();
          });
        });
        const timer = setInterval(() => sink.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
        unref(timer);
        sink.onClose(() => {
          stop();
          clearInterval(timer);
        });
        return { kind: 'stream', status: 200, headers: {}, sink };
      },
    },
    {
      method: 'DELETE',
      path: 'requests',
      changes: true,
      run() {
        journal.clear();
        return { data: null, message: 'Journal cleared.' };
      },
    },
    {
      method: 'POST',
      path: 'recordings',
      changes: true,
      async run(req) {
        const started = recordings.start(await recordedSession(req, scope(req)), originOf(req));
        const where = started.session === null ? 'the default state' : `session ${started.session}`;
        return { status: 201, data: started, message: `Recording ${where}.` };
      },
    },
    { method: 'GET', path: 'recordings', changes: false, run: () => ({ data: recordings.list() }) },
    {
      method: 'POST',
      path: 'recordings/:id/stop',
      changes: true,
      run: (_req, id) => ({
        data: recordings.stop(id, presetOf),
        message: 'Recording stopped: data is its scenario file.',
      }),
    },
    {
      // The scenario file as a file (`?format=har`: the HTTP Archive), so `curl -o` saves it as it is.
      method: 'GET',
      path: 'recordings/:id',
      changes: false,
      run(req, param) {
        const har = param.endsWith('.har') || one(req.query.format) === 'har';
        const id = param.replace(/\.(har|json)$/, '');
        const format = one(req.query.format);
        if (format !== undefined && format !== 'har' && format !== 'scenario')
          throw HttpError.invalid({ format: ['must be scenario or har'] });
        if (har) return { data: null, file: { body: toHar(recordings.exchanges(id)), name: `${id}.har` } };
        return { data: null, file: { body: recordings.scenario(id, presetOf), name: `${id}.scenario.json` } };
      },
    },
    {
      method: 'DELETE',
      path: 'recordings/:id',
      changes: true,
      run(_req, id) {
        recordings.remove(id);
        return { data: { removed: 1 }, message: 'Recording removed.' };
      },
    },
    {
      method: 'GET',
      path: 'violations',
      changes: false,
      run: () => ({
        data: violations.list(),
        message:
          tools.checkResponses === 'off' ? 'The drift alarm is off (start the mock with --check-responses).' : 'OK',
      }),
    },
    {
      method: 'DELETE',
      path: 'violations',
      changes: true,
      run() {
        violations.clear();
        return { data: null, message: 'Violations cleared.' };
      },
    },
    {
      // Per operation, who answered with --upstream: the backend, the engine instead, or the backend breaking the contract.
      method: 'GET',
      path: 'upstream',
      changes: false,
      run() {
        const report = tools.upstream;
        if (!report) throw HttpError.notFound('The mock is not in front of a backend (start it with --upstream URL).');
        return { data: { url: report.url, operations: report.list() }, message: report.summary() };
      },
    },
    {
      method: 'GET',
      path: 'sessions',
      changes: false,
      run: () => ({ data: sessions.list(), message: `${sessions.size} of at most ${sessions.max} sessions.` }),
    },
    {
      method: 'POST',
      path: 'sessions',
      changes: true,
      async run(req) {
        const { name, preset, scenario } = sessionBody(await req.readJson(), options.operations);
        const made = await sessions.create(name, preset === 'default' ? undefined : preset, req.clientKey, scenario);
        if (!scenario?.records)
          return { status: 201, data: made, message: `Session ${name} made from ${made.scenario}.` };
        const seeded = await replayInto(sessions, name, scenario.records, req.clientKey);
        return {
          status: 201,
          data: { ...made, records: seeded },
          message: `Session ${name} made from the scenario file: ${seeded.replayed} recorded writes replayed, ${seeded.skipped.length} skipped, ${seeded.differed.length} answered otherwise.`,
        };
      },
    },
    {
      method: 'DELETE',
      path: 'sessions',
      changes: true,
      run() {
        const removed = sessions.dropAll();
        // Overrides set for a session that never sent a request go too.
        for (const { session } of overrides.list()) if (session !== null) overrides.clear(session);
        return {
          data: { removed },
          message: 'Every session reset: each starts from the seed again on its next request.',
        };
      },
    },
    {
      method: 'DELETE',
      path: 'sessions/:name',
      changes: true,
      run(_req, name) {
        const cleared = overrides.clear(name);
        if (!sessions.drop(name) && cleared === 0) throw HttpError.notFound('No session with that name.');
        return { data: { removed: 1 }, message: 'Session reset: it starts from the seed again on its next request.' };
      },
    },
    {
      // The mails the mock would have sent (it has no mail server), newest first; `?to=` one address.
      method: 'GET',
      path: 'mail',
      changes: false,
      run: (req) => ({ data: outbox.list(one(req.query.to)) }),
    },
    { method: 'GET', path: 'clock', changes: false, run: () => ({ data: clockBody() }) },
    {
      method: 'POST',
      path: 'clock',
      changes: true,
      async run(req) {
        const advance = ((await req.readJson()) as { advance_ms?: unknown } | undefined)?.advance_ms;
        if (typeof advance !== 'number' || !Number.isSafeInteger(advance) || advance < 0) {
          throw HttpError.invalid({ advance_ms: ['must be a whole number of milliseconds, 0 or more'] });
        }
        const from = clock.nowMs();
        clock.advance(advance);
        const { expired, counts, truncated } = expiredBy(options, from, from + advance);
        const total = Object.values(counts).reduce((a, b) => a + b, 0);
        return {
          data: { ...clockBody(), advanced_ms: advance, expired, counts, truncated },
          message: `Mock clock moved; ${total === 0 ? 'nothing' : total === 1 ? '1 thing' : `${total} things`} expired.`,
        };
      },
    },
    {
      method: 'POST',
      path: 'reset',
      changes: true,
      async run() {
        await reset();
        return { data: null, message: 'Mock state restored to the seed.' };
      },
    },
  ];
}

/** Answers a request whose path `MOCK_ENDPOINTS` matches; any failure is the contract's error envelope. */
export function mockEndpoints(options: MockEndpointsOptions): (req: EngineRequest) => Promise<EngineReply> {
  const routes = routesOf(options);
  const match = (route: Route, rest: string): string | undefined => {
    const [base, param] = route.path.split('/:');
    if (param === undefined) return rest === base ? '' : undefined;
    const slash = param.indexOf('/');
    const tail = slash === -1 ? '' : param.slice(slash);
    const prefix = `${base}/`;
    const value =
      rest.startsWith(prefix) && rest.endsWith(tail) ? rest.slice(prefix.length, rest.length - tail.length) : '';
    if (value === '' || value.includes('/')) return undefined;
    try {
      return decodeURIComponent(value);
    } catch {
      throw HttpError.badRequest('The path is not valid percent-encoding.');
    }
  };
  const onBug = options.onBug ?? ((error: unknown) => console.error(error));
  return async (req) => {
    try {
      // Reads too: the outbox holds live reset links and the journal message bodies.
      options.guard(req);
      const rest = req.path.replace(/^\/__mock\/?/, '');
      const found = routes.flatMap((route) => {
        const param = match(route, rest);
        return param === undefined ? [] : [{ route, param }];
      });
      const method = req.method === 'HEAD' ? 'GET' : req.method;
      const hit = found.find(({ route }) => route.method === method);
      if (!hit) {
        if (found.length === 0) throw HttpError.notFound(`No route for ${req.method} ${req.path}.`);
        const allow = found.map(({ route }) => route.method).join(', ');
        throw new HttpError(405, undefined, undefined, { Allow: allow });
      }
      if (hit.route.changes) requireJson(req.headers);
      if (hit.route.stream) return hit.route.stream(req);
      const { data, message = 'OK', status = 200, file } = await hit.route.run(req, hit.param);
      if (file) {
        const headers: Record<string, string> = { 'Content-Disposition': `attachment; filename="${file.name}"` };
        return { kind: 'json', status, headers, body: file.body };
      }
      return { kind: 'json', status, headers: {}, body: { success: true, message, data } };
    } catch (error) {
      const e = HttpError.from(error);
      if (e.status >= 500 && !(error instanceof HttpError)) onBug(error);
      return { kind: 'json', status: e.status, headers: e.headers, body: e.toBody() };
    }
  };
}
