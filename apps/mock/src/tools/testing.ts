/**
 * A typed client for the mock's testing endpoints, for Vitest and Playwright alike (only `fetch`):
 * `const mock = mockControl(url); await mock.override('listNotes', 503); await mock.requests('storeNote')`.
 * Operation ids, statuses and bodies are typed from the contract (`@cohort/api`'s generated types).
 */
import type { operations } from '@cohort/api';
import type { JournalEntry } from './journal.ts';
import type { RecordedScenario, RecordingInfo } from './recorder.ts';
import type { UpstreamRow } from './upstream-report.ts';
import type { Violation } from './violations.ts';

export type OperationId = keyof operations;
type Responses<Id extends OperationId> = operations[Id]['responses'];
type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
type Range<H extends 4 | 5> = `${H}${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}${Digit}` extends `${infer N extends number}`
  ? N
  : never;
/** A declared status as a number: `404`, or any of 500–599 for a declared `5XX`. */
type Expand<K> = K extends number ? K : K extends '5XX' ? Range<5> : K extends '4XX' ? Range<4> : never;
export type StatusOf<Id extends OperationId> = Expand<keyof Responses<Id>>;
type ResponseAt<Id extends OperationId, S> = S extends keyof Responses<Id>
  ? Responses<Id>[S]
  : `${S & number}` extends `${infer H extends 4 | 5}${string}`
    ? Responses<Id>[`${H}XX` & keyof Responses<Id>]
    : never;
/** The JSON body the contract declares for an operation's status (`never` when it has none). */
export type ResponseBody<Id extends OperationId, S> =
  ResponseAt<Id, S> extends { content: { 'application/json': infer B } } ? B : never;
/** The JSON request body of an operation, as the journal shows it (secrets redacted). */
export type RequestBody<Id extends OperationId> = operations[Id] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : unknown;

export interface OverrideOptions {
  headers?: Record<string, string>;
  /** Milliseconds before the answer. */
  delay?: number;
  /** Answer this many calls, then let the real handler answer again. */
  times?: number;
}

export interface OverrideInfo {
  id: string;
  /** The session whose requests it answers (`null`: requests outside any session). */
  session: string | null;
  operationId: string;
  status: number;
  remaining: number | null;
  used: number;
}

export type Request<Id extends OperationId = OperationId> = Omit<JournalEntry, 'operationId' | 'body'> & {
  operationId: Id;
  body: RequestBody<Id> | null;
};

export type { RecordedScenario, RecordingInfo, UpstreamRow, Violation };

/** A testing endpoint refused the call (an override that does not fit the contract: `fieldErrors` names each field). */
export class MockControlError extends Error {
  override readonly name = 'MockControlError';
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

export interface MockControl {
  /**
   * The next calls of `operationId` (all, or `times` of them) answer `status` with `body`, checked
   * against the contract; with a `session`, only that session's calls (else only calls outside any session).
   */
  override<Id extends OperationId, S extends StatusOf<Id>>(
    operationId: Id,
    status: S,
    body?: ResponseBody<Id, S>,
    options?: OverrideOptions,
  ): Promise<OverrideInfo>;
  /** This control's session's overrides (or those outside any session). */
  overrides(): Promise<OverrideInfo[]>;
  /** Removes one override (by id) or all of this control's session's (the others' stay). */
  clearOverrides(id?: string): Promise<void>;
  /** What the app sent, oldest first: every request, or one operation's; `since` a `mark()` or a time. */
  requests<Id extends OperationId>(
    operationId?: Id,
    query?: { since?: number | Date; limit?: number },
  ): Promise<Request<Id>[]>;
  /** The journal's newest sequence number: pass it as `since` to see only what comes after. */
  mark(): Promise<number>;
  clearRequests(): Promise<void>;
  /** Where the mock's answers drifted from the contract (with `--check-responses`). */
  violations(): Promise<Violation[]>;
  clearViolations(): Promise<void>;
  /** With `--upstream`: per operation, whether the backend answered, the engine did instead, or the backend drifted. */
  upstream(): Promise<{ url: string; operations: UpstreamRow[] }>;
  /**
   * `POST /__mock/reset`: the seed, and no overrides (outside sessions), journal or violations. With a
   * `session`: that session alone starts from the seed again, its overrides gone (`DELETE /__mock/sessions/{name}`).
   */
  reset(): Promise<void>;
  /** The session this control was made for, if any. */
  readonly session: string | undefined;
  /** The headers the app's requests carry to use that session (`{ 'X-Mock-Session': name }`; `{}` without one). */
  readonly headers: Record<string, string>;
  /** Starts recording this control's session (or the default state): `POST /__mock/recordings`. */
  startRecording(): Promise<RecordingInfo>;
  /** Stops a recording; the scenario file it makes (`--scenario FILE` replays its writes). */
  stopRecording(id: string): Promise<RecordedScenario>;
  /** A recording as an HTTP Archive (HAR 1.2). */
  har(id: string): Promise<{ log: { version: string; entries: unknown[] } }>;
  /** The sessions the mock keeps (`GET /__mock/sessions`). */
  sessions(): Promise<{ name: string; scenario: string; created_at: string; last_used_at: string; requests: number }[]>;
  /** Makes this control's session now from `preset` (`POST /__mock/sessions`; default: the default seed); a 409 if it exists. */
  startSession(preset?: string): Promise<{ name: string; scenario: string }>;
}

/**
 * The testing endpoints of the mock at `baseUrl` (`http://127.0.0.1:4010`). With `session`, every
 * call carries `X-Mock-Session`, which scopes overrides to that session. `fetch` reaches an
 * in-process engine too: `{ fetch: (input, init) => engine.handle(new Request(input, init)) }`.
 */
export function mockControl(
  baseUrl: string,
  { fetch: doFetch = fetch, session }: { fetch?: typeof fetch; session?: string } = {},
): MockControl {
  const base = baseUrl.replace(/\/+$/, '');
  const sessionHeaders: Record<string, string> = session === undefined ? {} : { 'X-Mock-Session': session };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await doFetch(`${base}${path}`, {
      method,
      // JSON even without a body: the mock refuses state changes sent as anything else.
      headers: { 'content-type': 'application/json', ...sessionHeaders },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json().catch(() => ({}))) as {
      message?: string;
      data?: T;
      errors?: Record<string, string[]>;
    };
    if (!res.ok) {
      const fields = Object.entries(json.errors ?? {}).map(([field, list]) => `${field}: ${list.join('; ')}`);
      throw new MockControlError(
        res.status,
        [`${method} ${path}: ${res.status} ${json.message ?? ''}`, ...fields].join('\n'),
        json.errors,
      );
    }
    return json.data as T;
  };
  const requests = (operationId?: string, query: { since?: number | Date; limit?: number } = {}) => {
    const params = new URLSearchParams();
    if (operationId) params.set('operationId', operationId);
    if (session !== undefined) params.set('session', session);
    if (query.since !== undefined) {
      params.set('since', query.since instanceof Date ? query.since.toISOString() : String(query.since));
    }
    if (query.limit !== undefined) params.set('limit', String(query.limit));
    const search = params.size > 0 ? `?${params}` : '';
    return call<JournalEntry[]>('GET', `/__mock/requests${search}`);
  };
  return {
    override: (operationId, status, body, options = {}) =>
      call('POST', '/__mock/overrides', { operationId, status, ...(body === undefined ? {} : { body }), ...options }),
    overrides: () => call('GET', '/__mock/overrides'),
    clearOverrides: async (id) => {
      await call('DELETE', id ? `/__mock/overrides/${encodeURIComponent(id)}` : '/__mock/overrides');
    },
    requests: (operationId, query) => requests(operationId, query) as Promise<never>,
    mark: async () => (await requests(undefined, { limit: 1 })).at(-1)?.seq ?? 0,
    clearRequests: async () => {
      await call('DELETE', '/__mock/requests');
    },
    violations: () => call('GET', '/__mock/violations'),
    clearViolations: async () => {
      await call('DELETE', '/__mock/violations');
    },
    upstream: () => call('GET', '/__mock/upstream'),
    reset: async () => {
      if (session === undefined) await call('POST', '/__mock/reset');
      else
        await call('DELETE', `/__mock/sessions/${encodeURIComponent(session)}`).catch((error: unknown) => {
          // Not made yet (no request named it): already at the seed.
          if (!(error instanceof MockControlError && error.status === 404)) throw error;
        });
    },
    session,
    headers: { ...sessionHeaders },
    sessions: () => call('GET', '/__mock/sessions'),
    startRecording: () => call('POST', '/__mock/recordings'),
    stopRecording: (id) => call('POST', `/__mock/recordings/${encodeURIComponent(id)}/stop`),
    har: async (id) => {
      // A file, not the envelope: read as it is.
      const res = await doFetch(`${base}/__mock/recordings/${encodeURIComponent(id)}.har`, { headers: sessionHeaders });
      if (!res.ok) throw new MockControlError(res.status, `GET /__mock/recordings/${id}.har: ${res.status}`);
      return (await res.json()) as { log: { version: string; entries: unknown[] } };
    },
    startSession: (preset) => {
      if (session === undefined) throw new Error('startSession needs a control made with { session }.');
      return call('POST', '/__mock/sessions', { name: session, ...(preset === undefined ? {} : { preset }) });
    },
  };
}
