/**
 * A recorded flow: what the mock writes when a recording stops (a scenario file's `records`) and
 * what replays it, the mock seeding a scenario and the checker's `replay` alike. Plain data and
 * functions, no Node built-ins: a browser engine may import it.
 */

/** What a secret's value reads as once redacted (the mock's journal writes the same). */
export const REDACTED = '[redacted]';

/** One request and its answer, secrets redacted. */
export interface RecordedExchange {
  /** Milliseconds after the recording started that the request arrived. */
  at_ms: number;
  /** Milliseconds until the answer began. */
  duration_ms: number;
  method: string;
  /** Path and query as sent, credentials in the query redacted. */
  path: string;
  /** The contract operation; `null` for a path the contract does not have. */
  operationId: string | null;
  /** The e-mail of the signed-in user who sent it; absent when it was sent without a token. */
  as?: string;
  /** The request headers worth keeping (`content-type`, `accept`), none of them a credential. */
  headers?: Record<string, string>;
  /** The request's JSON body, secrets redacted; absent without one (or not JSON). */
  body?: unknown;
  status: number;
  /** The answer's JSON body, secrets redacted; absent for an empty answer or an event stream. */
  answer?: unknown;
  /** The answer was an event stream (replays skip it). */
  stream?: boolean;
  /** An override answered it, not the server (replays skip it: it changed nothing). */
  overridden?: boolean;
}

/** Who sent a recording's requests: what a replay signs in with, the password aside. */
export interface RecordedIdentity {
  /** The university name the account signs in with. */
  university: string | null;
}

/** A scenario file's `records`: a recorded flow the mock replays at start, and `cohort-contract replay` against a server. */
export interface Records {
  /** The password every redacted one is replayed as (sign-ins, sign-ups); the seeded users' password by default. */
  password: string;
  /** Every signed-in sender, by e-mail. */
  identities: Record<string, RecordedIdentity>;
  exchanges: RecordedExchange[];
}

/** An id-shaped field: `id`, `user_id`, `member_ids`. */
const ID_KEY = /(?:^|_)ids?$/i;
/** A password-shaped field (`password`, `current_password`, `new_password`). */
const PASSWORD_KEY = /passw/i;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isScalar = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';

/**
 * Learns which recorded ids the live server gave other ids: walks the recorded and the live answer
 * side by side (objects by key, lists by position) and maps each id-shaped field's recorded value
 * to the live one where they differ. An id already mapped keeps its first mapping.
 */
export function learnIds(recorded: unknown, live: unknown, ids: Map<string, string>, key = '', depth = 0): void {
  if (depth > 32) return;
  if (ID_KEY.test(key) && isScalar(recorded) && isScalar(live)) {
    const from = String(recorded);
    if (from !== String(live) && from !== REDACTED && !ids.has(from)) ids.set(from, String(live));
    return;
  }
  if (Array.isArray(recorded) && Array.isArray(live)) {
    const n = Math.min(recorded.length, live.length);
    // A list under an id key (`member_ids`) holds ids itself.
    for (let i = 0; i < n; i++) learnIds(recorded[i], live[i], ids, ID_KEY.test(key) ? key : '', depth + 1);
    return;
  }
  if (isRecord(recorded) && isRecord(live)) {
    for (const [name, value] of Object.entries(recorded)) {
      if (name in live) learnIds(value, live[name], ids, name, depth + 1);
    }
  }
}

/** The live id for a recorded one, keeping a number a number. */
function carried(value: string | number, ids: ReadonlyMap<string, string>): string | number {
  const live = ids.get(String(value));
  if (live === undefined) return value;
  return typeof value === 'number' && /^-?\d+$/.test(live) ? Number(live) : live;
}

/** A request body with every id-shaped field's recorded id replaced by its live one, and redacted passwords by `password`. */
export function carryBody(
  value: unknown,
  ids: ReadonlyMap<string, string>,
  password: string,
  key = '',
  depth = 0,
): unknown {
  if (depth > 32) return value;
  if (isScalar(value)) {
    if (value === REDACTED && PASSWORD_KEY.test(key)) return password;
    return ID_KEY.test(key) ? carried(value, ids) : value;
  }
  if (Array.isArray(value))
    return value.map((item) => carryBody(item, ids, password, ID_KEY.test(key) ? key : '', depth + 1));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) out[name] = carryBody(item, ids, password, name, depth + 1);
  return out;
}

/** A path and query with each segment and query value that is a mapped id replaced by its live id. */
export function carryPath(path: string, ids: ReadonlyMap<string, string>): string {
  const q = path.indexOf('?');
  const pathname = q === -1 ? path : path.slice(0, q);
  const swap = (raw: string) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return raw;
    }
    const live = ids.get(decoded);
    return live === undefined ? raw : encodeURIComponent(live);
  };
  const out = pathname.split('/').map(swap).join('/');
  if (q === -1) return out;
  const query = path
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq === -1 ? pair : `${pair.slice(0, eq + 1)}${swap(pair.slice(eq + 1))}`;
    })
    .join('&');
  return `${out}?${query}`;
}

/** A redacted value other than a password: a secret (a reset link's token) a replay cannot send. */
export function needsSecret(value: unknown, key = '', depth = 0): string | undefined {
  if (depth > 32) return undefined;
  if (value === REDACTED) return PASSWORD_KEY.test(key) ? undefined : key || '(body)';
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = needsSecret(item, key, depth + 1);
      if (found) return found;
    }
  } else if (isRecord(value)) {
    for (const [name, item] of Object.entries(value)) {
      const found = needsSecret(item, name, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** The token a sign-in or sign-up answer hands out (`data.access_token`). */
export function tokenOf(answer: unknown): string | undefined {
  const token = isRecord(answer) && isRecord(answer.data) ? answer.data.access_token : undefined;
  return typeof token === 'string' && token !== REDACTED ? token : undefined;
}

/** What a replay sends: one request, headers included. */
export interface ReplayRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** What a replay reads of the answer: its status and JSON body (`undefined` when not JSON). */
export interface ReplayAnswer {
  status: number;
  body: unknown;
}

/** How a replay reaches the server: one request, its status and JSON body. */
export type Send = (request: ReplayRequest) => Promise<ReplayAnswer>;

/** A `Send` over fetch to `baseUrl`; a 429 with a short `Retry-After` is waited out and sent again, never a difference. */
export function fetchSend(baseUrl: string, timeoutMs = 10_000, fetchImpl: typeof fetch = fetch): Send {
  const base = baseUrl.replace(/\/+$/, '');
  return async ({ method, path, headers, body }) => {
    for (let attempt = 0; ; attempt++) {
      const response = await fetchImpl(`${base}${path}`, {
        method,
        headers,
        signal: AbortSignal.timeout(timeoutMs),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const retryAfter = Number(response.headers.get('retry-after'));
      if (response.status === 429 && attempt < 3 && retryAfter >= 0 && retryAfter <= 5) {
        await response.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, Math.max(retryAfter, 0.1) * 1000));
        continue;
      }
      const text = await response.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { status: response.status, body: json };
    }
  };
}

/** Why an exchange was not sent. */
export type SkipReason = string;

export interface ReplayStep {
  exchange: RecordedExchange;
  /** Its place in the recording, from 0. */
  index: number;
  /** What was sent (absent when skipped). */
  sent?: ReplayRequest;
  answer?: ReplayAnswer;
  skipped?: SkipReason;
}

export interface ReplayOptions {
  /** Which exchanges to send (all by default but streams, uploads and those needing a secret, which are always skipped). */
  select?: (exchange: RecordedExchange) => boolean;
  /** The password redacted ones are sent as; the recording's own by default. */
  password?: string;
  /** Told of each step as it is done. */
  onStep?: (step: ReplayStep) => void;
}

/** The operations that sign in: their answer's token is the e-mail's from then on. */
const SIGNS_IN = new Set(['login', 'register']);

/**
 * Sends a recorded flow in order through `send`, carrying ids from earlier answers into later
 * requests and each sender's token: one a replayed sign-in handed out, else one got by signing in
 * as that e-mail (with the placeholder password) before its first request.
 */
export async function replayRecords(records: Records, send: Send, options: ReplayOptions = {}): Promise<ReplayStep[]> {
  const ids = new Map<string, string>();
  const tokens = new Map<string, string>();
  const password = options.password ?? records.password;
  const steps: ReplayStep[] = [];
  const signIn = async (email: string): Promise<string | undefined> => {
    const university = records.identities[email]?.university ?? '';
    const answer = await send({
      method: 'POST',
      path: '/api/v1/login',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: { uniName: university, email, password },
    });
    const token = tokenOf(answer.body);
    if (token) tokens.set(email, token);
    return token;
  };
  for (const [index, exchange] of records.exchanges.entries()) {
    const step: ReplayStep = { exchange, index };
    steps.push(step);
    const type = exchange.headers?.['content-type'] ?? '';
    const secret = exchange.body === undefined ? undefined : needsSecret(exchange.body);
    if (exchange.overridden) step.skipped = 'answered by an override, not the server';
    else if (exchange.stream) step.skipped = 'an event stream';
    else if (/^multipart\//i.test(type)) step.skipped = 'an upload: its bytes are not recorded';
    else if (secret) step.skipped = `needs a secret the recording redacted (${secret})`;
    else if (options.select && !options.select(exchange)) step.skipped = 'not selected';
    if (step.skipped) {
      options.onStep?.(step);
      continue;
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (exchange.body !== undefined) headers['content-type'] = 'application/json';
    if (exchange.as !== undefined) {
      const token = tokens.get(exchange.as) ?? (await signIn(exchange.as));
      if (token) headers.authorization = `Bearer ${token}`;
    }
    const sent: ReplayRequest = {
      method: exchange.method,
      path: carryPath(exchange.path, ids),
      headers,
      ...(exchange.body === undefined ? {} : { body: carryBody(exchange.body, ids, password) }),
    };
    step.sent = sent;
    const answer = await send(sent);
    step.answer = answer;
    if (exchange.answer !== undefined) learnIds(exchange.answer, answer.body, ids);
    const token = tokenOf(answer.body);
    const email = isRecord(sent.body) ? sent.body.email : undefined;
    if (token && typeof email === 'string' && SIGNS_IN.has(exchange.operationId ?? '')) tokens.set(email, token);
    options.onStep?.(step);
  }
  return steps;
}
