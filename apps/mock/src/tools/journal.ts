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

/** The headers worth keeping of a request: how it was sent, and whether (never with what) it was signed in. */
export function journalHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = headers[name];
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  for (const name of ['authorization', 'cookie']) if (headers[name] !== undefined) out[name] = REDACTED;
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith('x-mock-') && value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * What `record` keeps per request: references and numbers only, so recording costs next to
 * nothing; the entry (redacted, formatted) is built when someone asks for it.
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

function format(seq: number, raw: RawEntry, redactUrl: (url: string) => string): JournalEntry {
  return {
    seq,
    time: new Date(raw.at).toISOString(),
    method: raw.method,
    path: redactUrl(raw.url),
    operationId: raw.operationId,
    session: raw.session,
    status: raw.status,
    body:
      raw.bodyLength > MAX_KEPT_BODY
        ? `${REDACTED}: ${raw.bodyLength} bytes, not kept`
        : raw.body === undefined
          ? null
          : redact(raw.body),
    headers: journalHeaders(raw.headers),
    duration_ms: Math.round(raw.durationMs * 10) / 10,
    overridden: raw.overridden,
  };
}

/** The last `size` requests, in a ring buffer: a long dev session never grows it. */
export class Journal {
  readonly size: number;
  readonly #ring: ({ seq: number; raw: RawEntry } | undefined)[];
  readonly #redactUrl: (url: string) => string;
  #seq = 0;

  /** `redactUrl` takes credentials out of a query string (the request log's own rule). */
  constructor(size: number, redactUrl: (url: string) => string) {
    this.size = size;
    this.#ring = new Array(size);
    this.#redactUrl = redactUrl;
  }

  record(raw: RawEntry): void {
    if (this.size === 0) return;
    // Not even a reference to a big body: the ring would hold it until it wraps.
    if (raw.bodyLength > MAX_KEPT_BODY) raw.body = null;
    this.#seq++;
    this.#ring[this.#seq % this.size] = { seq: this.#seq, raw };
  }

  /** Matching entries, oldest first. */
  list(query: JournalQuery = {}): JournalEntry[] {
    const out: JournalEntry[] = [];
    const first = Math.max(1, this.#seq - this.size + 1);
    for (let seq = first; seq <= this.#seq; seq++) {
      const slot = this.#ring[seq % this.size];
      if (!slot || slot.seq !== seq) continue;
      const { raw } = slot;
      if (query.operationId !== undefined && raw.operationId !== query.operationId) continue;
      if (query.session !== undefined && (raw.session ?? '') !== query.session) continue;
      if (typeof query.since === 'number' && seq <= query.since) continue;
      if (query.since instanceof Date && raw.at < query.since.getTime()) continue;
      out.push(format(seq, raw, this.#redactUrl));
    }
    return query.limit === undefined ? out : out.slice(Math.max(0, out.length - query.limit));
  }

  clear(): void {
    this.#ring.fill(undefined);
  }
}
