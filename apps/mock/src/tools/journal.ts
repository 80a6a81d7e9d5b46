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
  /** The request headers that say how it was sent, `authorization` and `cookie` redacted. */
  headers: Record<string, string>;
  /** Milliseconds until the answer began (an event stream: until it opened). */
  duration_ms: number;
  /** Whether an override answered it. */
  overridden: boolean;
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
/** Field names whose values are secrets wherever they occur in a body. */
const SECRET_FIELD = /pass(word)?|token|secret|authorization|credential|api[-_]?key|ticket/i;
const KEPT_HEADERS = ['content-type', 'accept', 'if-none-match', 'last-event-id', 'x-request-id'];

/** A copy of a JSON body with every secret-named field's value redacted, at any depth. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth > 32) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_FIELD.test(key) && item !== null && item !== undefined ? REDACTED : redact(item, depth + 1);
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
}

/** A bigger request body is listed by its size only: a full journal of 1 MB bodies would be a gigabyte. */
const MAX_KEPT_BODY = 64 * 1024;

/** Flags of a slot: answered by an override; sent with credentials (`authorization`, `cookie`). */
const OVERRIDDEN = 1;
const AUTHORIZATION = 2;
const COOKIE = 4;

const headerValue = (value: string | string[]) => (Array.isArray(value) ? value.join(', ') : value);

/** Distinct strings the ring shares before it starts over, and the longest one shared. */
const SHARED_STRINGS = 4096;
const MAX_SHARED_LENGTH = 512;

/**
 * The last `size` requests, in a ring buffer of columns (a typed array per number, an array per
 * reference): recording a request allocates nothing and keeps only what an entry shows (the URL,
 * the body, the few headers worth keeping), not the request's headers object or a record per
 * request, so under load the journal adds next to nothing to what each garbage collection copies.
 * The entry (redacted, formatted) is built when someone asks for it.
 */
export class Journal {
  readonly size: number;
  readonly #redactUrl: (url: string) => string;
  /** The slot's sequence number, 0 while empty. */
  readonly #seq: Float64Array;
  readonly #at: Float64Array;
  readonly #durationMs: Float64Array;
  readonly #bodyLength: Float64Array;
  readonly #status: Uint16Array;
  readonly #flags: Uint8Array;
  readonly #method: string[];
  readonly #url: string[];
  readonly #operationId: (string | null)[];
  readonly #session: (string | null)[];
  readonly #body: unknown[];
  /** One column per header in `KEPT_HEADERS`, in that order. */
  readonly #kept: (string | undefined)[][];
  /** `x-mock-*` headers, when a request sent any. */
  readonly #mockHeaders: (Record<string, string> | undefined)[];
  /**
   * One copy of each URL and header value the ring keeps (requests repeat them: the same path, the
   * same `Content-Type`). Each request brings its own copy; keeping that one for a thousand
   * requests would make the garbage collector copy it, and then promote it, for nothing.
   */
  readonly #shared = new Map<string, string>();
  #last = 0;

  /** `redactUrl` takes credentials out of a query string (the request log's own rule). */
  constructor(size: number, redactUrl: (url: string) => string) {
    this.size = size;
    this.#redactUrl = redactUrl;
    this.#seq = new Float64Array(size);
    this.#at = new Float64Array(size);
    this.#durationMs = new Float64Array(size);
    this.#bodyLength = new Float64Array(size);
    this.#status = new Uint16Array(size);
    this.#flags = new Uint8Array(size);
    const column = <T>(empty: T): T[] => new Array<T>(size).fill(empty);
    this.#method = column('');
    this.#url = column('');
    this.#operationId = column<string | null>(null);
    this.#session = column<string | null>(null);
    this.#body = column<unknown>(undefined);
    this.#kept = KEPT_HEADERS.map(() => column<string | undefined>(undefined));
    this.#mockHeaders = column<Record<string, string> | undefined>(undefined);
  }

  record(raw: RawEntry): void {
    if (this.size === 0) return;
    const seq = ++this.#last;
    const slot = seq % this.size;
    const { headers } = raw;
    this.#seq[slot] = seq;
    this.#at[slot] = raw.at;
    this.#durationMs[slot] = raw.durationMs;
    this.#bodyLength[slot] = raw.bodyLength;
    this.#status[slot] = raw.status;
    this.#flags[slot] =
      (raw.overridden ? OVERRIDDEN : 0) |
      (headers.authorization !== undefined ? AUTHORIZATION : 0) |
      (headers.cookie !== undefined ? COOKIE : 0);
    this.#method[slot] = raw.method;
    this.#url[slot] = this.#share(raw.url);
    this.#operationId[slot] = raw.operationId;
    this.#session[slot] = raw.session;
    // Not even a reference to a big body: the ring would hold it until it wraps.
    this.#body[slot] = raw.bodyLength > MAX_KEPT_BODY ? null : raw.body;
    for (let i = 0; i < KEPT_HEADERS.length; i++) {
      const value = headers[KEPT_HEADERS[i] as string];
      (this.#kept[i] as (string | undefined)[])[slot] =
        value === undefined ? undefined : this.#share(headerValue(value));
    }
    let mock: Record<string, string> | undefined;
    for (const name in headers) {
      if (!name.startsWith('x-mock-')) continue;
      const value = headers[name];
      if (value === undefined) continue;
      mock ??= {};
      mock[name] = headerValue(value);
    }
    this.#mockHeaders[slot] = mock;
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

  /** The headers an entry shows: those kept, then whether (never with what) it was signed in, then `x-mock-*`. */
  #headers(slot: number): Record<string, string> {
    const out: Record<string, string> = {};
    KEPT_HEADERS.forEach((name, i) => {
      const value = this.#kept[i]?.[slot];
      if (value !== undefined) out[name] = value;
    });
    const flags = this.#flags[slot] ?? 0;
    if (flags & AUTHORIZATION) out.authorization = REDACTED;
    if (flags & COOKIE) out.cookie = REDACTED;
    return Object.assign(out, this.#mockHeaders[slot]);
  }

  #entry(slot: number): JournalEntry {
    const bodyLength = this.#bodyLength[slot] ?? 0;
    const body = this.#body[slot];
    return {
      seq: this.#seq[slot] ?? 0,
      time: new Date(this.#at[slot] ?? 0).toISOString(),
      method: this.#method[slot] ?? '',
      path: this.#redactUrl(this.#url[slot] ?? ''),
      operationId: this.#operationId[slot] ?? null,
      session: this.#session[slot] ?? null,
      status: this.#status[slot] ?? 0,
      body:
        bodyLength > MAX_KEPT_BODY
          ? `${REDACTED}: ${bodyLength} bytes, not kept`
          : body === undefined
            ? null
            : redact(body),
      headers: this.#headers(slot),
      duration_ms: Math.round((this.#durationMs[slot] ?? 0) * 10) / 10,
      overridden: ((this.#flags[slot] ?? 0) & OVERRIDDEN) !== 0,
    };
  }

  /** Matching entries, oldest first. */
  list(query: JournalQuery = {}): JournalEntry[] {
    const out: JournalEntry[] = [];
    const first = Math.max(1, this.#last - this.size + 1);
    const since = query.since instanceof Date ? query.since.getTime() : undefined;
    for (let seq = first; seq <= this.#last; seq++) {
      const slot = seq % this.size;
      if (this.#seq[slot] !== seq) continue;
      if (query.operationId !== undefined && this.#operationId[slot] !== query.operationId) continue;
      if (query.session !== undefined && (this.#session[slot] ?? '') !== query.session) continue;
      if (typeof query.since === 'number' && seq <= query.since) continue;
      if (since !== undefined && (this.#at[slot] ?? 0) < since) continue;
      out.push(this.#entry(slot));
    }
    return query.limit === undefined ? out : out.slice(Math.max(0, out.length - query.limit));
  }

  clear(): void {
    this.#seq.fill(0);
    this.#body.fill(undefined);
    this.#url.fill('');
    this.#shared.clear();
    this.#mockHeaders.fill(undefined);
    for (const column of this.#kept) column.fill(undefined);
  }
}
