import { roundToGrid } from '../store/nearby.ts';
import { isSecretName } from './redact-url.ts';

/** One request as the journal keeps it. */
export interface JournalEntry {
  /** Increasing per server: `?since=<seq>` lists what came after. */
  seq: number;
  /** When it arrived (the mock's clock), ISO 8601. */
  time: string;
  method: string;
  /** Path and query, credentials in the query redacted. */
  path: string;
  /** The contract operation it named; `null` for a path the contract does not have. */
  operationId: string | null;
  /** The session (`X-Mock-Session`) whose state answered it; `null` for the default state. */
  session: string | null;
  status: number;
  /** The request body as parsed (JSON only; `null` without one), secrets redacted. */
  body: unknown;
  /** The request headers that say how it was sent; `authorization`, `cookie` and every credential-shaped one redacted. */
  headers: Record<string, string>;
  /** Milliseconds until the answer began (an event stream: until it opened). */
  duration_ms: number;
  /** Whether an override answered it. */
  overridden: boolean;
  /** Who answered: the engine (an override included) or, with `--upstream`, the backend. */
  side: 'engine' | 'backend';
}

export interface JournalQuery {
  operationId?: string;
  /** One session's requests (`''`: the default state's). */
  session?: string;
  /** A `seq` (entries after it) or an ISO time (entries at or after it). */
  since?: number | Date;
  /** At most this many, the newest (default all that match). */
  limit?: number;
}

export const REDACTED = '[redacted]';
const KEPT_HEADERS = ['content-type', 'accept', 'if-none-match', 'last-event-id', 'x-request-id'];

/** Position fields the store rounds to its grid: the journal keeps no more than the store does. */
const POSITION_FIELD = /^(latitude|longitude|lat|lng|lon)$/i;

/** A copy of a JSON body with every secret-named field's value redacted and every position rounded, at any depth. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth > 32) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (isSecretName(key) && item !== null && item !== undefined) out[key] = REDACTED;
    else if (typeof item === 'number' && POSITION_FIELD.test(key)) out[key] = roundToGrid(item);
    else out[key] = redact(item, depth + 1);
  }
  return out;
}

/**
 * What `record` is given per request: references and numbers only. The journal copies what it
 * shows into its own columns and keeps no reference to this record or to the request's headers.
 */
export interface RawEntry {
  /** Epoch milliseconds on the mock's clock. */
  at: number;
  method: string;
  url: string;
  operationId: string | null;
  session: string | null;
  status: number;
  body: unknown;
  /** Declared length of the body, when sent: a big one is listed by its size only. */
  bodyLength: number;
  headers: Record<string, string | string[] | undefined>;
  durationMs: number;
  overridden: boolean;
  /** Answered by the backend (`--upstream`); the engine otherwise. */
  backend?: boolean;
}

/** A bigger request body is listed by its size only: a full journal of 1 MB bodies would be a gigabyte. */
const MAX_KEPT_BODY = 64 * 1024;

/** Flags of a slot: answered by an override; sent with credentials (`authorization`, `cookie`); answered by the backend. */
const OVERRIDDEN = 1;
const AUTHORIZATION = 2;
const COOKIE = 4;
const BACKEND = 8;

const headerValue = (value: string | string[]) => (Array.isArray(value) ? value.join(', ') : value);

/** Distinct strings the ring shares before it starts over, and the longest one shared. */
const SHARED_STRINGS = 4096;
const MAX_SHARED_LENGTH = 512;

/** A slot's numbers, side by side in one typed array (one cache line per request). */
const SEQ = 0;
const AT = 1;
const DURATION = 2;
const BODY_LENGTH = 3;
const STATUS = 4;
const FLAGS = 5;
const NUMBERS = 6;
/** A slot's references, side by side in one array; the kept headers follow, in `KEPT_HEADERS` order. */
const METHOD = 0;
const TARGET = 1;
const OPERATION = 2;
const SESSION = 3;
const BODY = 4;
const MOCK_HEADERS = 5;
const KEPT = 6;
const REFERENCES = KEPT + KEPT_HEADERS.length;

/**
 * The last `size` requests, in a ring buffer of two arrays: a typed array of each slot's numbers
 * and an array of its references (strings, the body), each slot's side by side. Recording a
 * request allocates nothing and touches three cache lines, not one per field (under load, the
 * lines the rest of the server left cold are what a request's time goes on). It keeps only what an
 * entry shows (the URL, the body, the few headers worth keeping), not the request's headers object
 * or a record per request, so the journal adds next to nothing to what each garbage collection
 * copies. The entry (redacted, formatted) is built when someone asks for it.
 */
export class Journal {
  readonly size: number;
  readonly #redactUrl: (url: string) => string;
  /** `NUMBERS` per slot: its sequence number (0 while empty), time, duration, body length, status, flags. */
  readonly #numbers: Float64Array;
  /** `REFERENCES` per slot: method, URL, operation, session, body, `x-mock-*` and credential headers, kept headers. */
  readonly #references: unknown[];
  /**
   * One copy of each URL and header value the ring keeps (requests repeat them: the same path, the
   * same `Content-Type`). Each request brings its own copy; keeping that one for a thousand
   * requests would make the garbage collector copy it, and then promote it, for nothing.
   */
  readonly #shared = new Map<string, string>();
  /** Told of each entry as it is recorded (the live journal stream). */
  readonly #listeners = new Set<(seq: number) => void>();
  #last = 0;

  /** `redactUrl` takes credentials out of a query string (the request log's own rule). */
  constructor(size: number, redactUrl: (url: string) => string) {
    this.size = size;
    this.#redactUrl = redactUrl;
    this.#numbers = new Float64Array(size * NUMBERS);
    this.#references = new Array<unknown>(size * REFERENCES).fill(undefined);
  }

  record(raw: RawEntry): void {
    if (this.size === 0) return;
    const seq = ++this.#last;
    const slot = seq % this.size;
    const { headers } = raw;
    const numbers = this.#numbers;
    const at = slot * NUMBERS;
    numbers[at + SEQ] = seq;
    numbers[at + AT] = raw.at;
    numbers[at + DURATION] = raw.durationMs;
    numbers[at + BODY_LENGTH] = raw.bodyLength;
    numbers[at + STATUS] = raw.status;
    numbers[at + FLAGS] =
      (raw.overridden ? OVERRIDDEN : 0) |
      (raw.backend ? BACKEND : 0) |
      (headers.authorization !== undefined ? AUTHORIZATION : 0) |
      (headers.cookie !== undefined ? COOKIE : 0);
    const references = this.#references;
    const from = slot * REFERENCES;
    references[from + METHOD] = raw.method;
    references[from + TARGET] = this.#share(raw.url);
    references[from + OPERATION] = raw.operationId;
    references[from + SESSION] = raw.session;
    // Not even a reference to a big body: the ring would hold it until it wraps.
    references[from + BODY] = raw.bodyLength > MAX_KEPT_BODY ? null : raw.body;
    for (let i = 0; i < KEPT_HEADERS.length; i++) {
      const value = headers[KEPT_HEADERS[i] as string];
      references[from + KEPT + i] = value === undefined ? undefined : this.#share(headerValue(value));
    }
    let mock: Record<string, string> | undefined;
    for (const name in headers) {
      const value = headers[name];
      if (value === undefined || name === 'authorization' || name === 'cookie') continue;
      // `x-mock-*` as sent; any other credential-shaped header (`x-api-key`) only as having been sent.
      const secret = isSecretName(name);
      if (!secret && !name.startsWith('x-mock-')) continue;
      mock ??= {};
      mock[name] = secret ? REDACTED : headerValue(value);
    }
    references[from + MOCK_HEADERS] = mock;
    for (const listener of this.#listeners) listener(seq);
  }

  /** Calls `listener` with each new entry's `seq` as it is recorded; returns how to stop. */
  subscribe(listener: (seq: number) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The `seq` of the newest entry (0 before any). */
  get last(): number {
    return this.#last;
  }

  /** The copy of `value` the ring already keeps, if any (the ring keeps this one otherwise). */
  #share(value: string): string {
    if (value.length > MAX_SHARED_LENGTH) return value;
    const kept = this.#shared.get(value);
    if (kept !== undefined) return kept;
    if (this.#shared.size >= SHARED_STRINGS) this.#shared.clear();
    this.#shared.set(value, value);
    return value;
  }

  #number(slot: number, field: number): number {
    return this.#numbers[slot * NUMBERS + field] ?? 0;
  }

  #reference(slot: number, field: number): unknown {
    return this.#references[slot * REFERENCES + field];
  }

  /** The headers an entry shows: those kept, then whether (never with what) it was signed in, then `x-mock-*`. */
  #headers(slot: number): Record<string, string> {
    const out: Record<string, string> = {};
    KEPT_HEADERS.forEach((name, i) => {
      const value = this.#reference(slot, KEPT + i) as string | undefined;
      if (value !== undefined) out[name] = value;
    });
    const flags = this.#number(slot, FLAGS);
    if (flags & AUTHORIZATION) out.authorization = REDACTED;
    if (flags & COOKIE) out.cookie = REDACTED;
    return Object.assign(out, this.#reference(slot, MOCK_HEADERS) as Record<string, string> | undefined);
  }

  #entry(slot: number): JournalEntry {
    const bodyLength = this.#number(slot, BODY_LENGTH);
    const body = this.#reference(slot, BODY);
    return {
      seq: this.#number(slot, SEQ),
      time: new Date(this.#number(slot, AT)).toISOString(),
      method: this.#reference(slot, METHOD) as string,
      path: this.#redactUrl(this.#reference(slot, TARGET) as string),
      operationId: this.#reference(slot, OPERATION) as string | null,
      session: this.#reference(slot, SESSION) as string | null,
      status: this.#number(slot, STATUS),
      body:
        bodyLength > MAX_KEPT_BODY
          ? `${REDACTED}: ${bodyLength} bytes, not kept`
          : body === undefined
            ? null
            : redact(body),
      headers: this.#headers(slot),
      duration_ms: Math.round(this.#number(slot, DURATION) * 10) / 10,
      overridden: (this.#number(slot, FLAGS) & OVERRIDDEN) !== 0,
      side: (this.#number(slot, FLAGS) & BACKEND) !== 0 ? 'backend' : 'engine',
    };
  }

  /** Matching entries, oldest first. */
  list(query: JournalQuery = {}): JournalEntry[] {
    const out: JournalEntry[] = [];
    const first = Math.max(1, this.#last - this.size + 1);
    const since = query.since instanceof Date ? query.since.getTime() : undefined;
    for (let seq = first; seq <= this.#last; seq++) {
      const slot = seq % this.size;
      if (this.#number(slot, SEQ) !== seq) continue;
      if (query.operationId !== undefined && this.#reference(slot, OPERATION) !== query.operationId) continue;
      if (query.session !== undefined && ((this.#reference(slot, SESSION) as string | null) ?? '') !== query.session)
        continue;
      if (typeof query.since === 'number' && seq <= query.since) continue;
      if (since !== undefined && this.#number(slot, AT) < since) continue;
      out.push(this.#entry(slot));
    }
    return query.limit === undefined ? out : out.slice(Math.max(0, out.length - query.limit));
  }

  clear(): void {
    this.#numbers.fill(0);
    this.#references.fill(undefined);
    this.#shared.clear();
  }
}
