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

/** The last `size` requests, in a ring buffer: a long dev session never grows it. */
export class Journal {
  readonly size: number;
  readonly #ring: (JournalEntry | undefined)[];
  #seq = 0;

  constructor(size: number) {
    this.size = size;
    this.#ring = new Array(size);
  }

  record(entry: Omit<JournalEntry, 'seq'>): void {
    if (this.size === 0) return;
    this.#seq++;
    this.#ring[this.#seq % this.size] = { seq: this.#seq, ...entry };
  }

  /** The newest `seq` recorded so far (0 before any): a mark for `since`. */
  get last(): number {
    return this.#seq;
  }

  /** Matching entries, oldest first. */
  list(query: JournalQuery = {}): JournalEntry[] {
    const out: JournalEntry[] = [];
    const first = Math.max(1, this.#seq - this.size + 1);
    for (let seq = first; seq <= this.#seq; seq++) {
      const entry = this.#ring[seq % this.size];
      if (!entry || entry.seq !== seq) continue;
      if (query.operationId !== undefined && entry.operationId !== query.operationId) continue;
      if (typeof query.since === 'number' && entry.seq <= query.since) continue;
      if (query.since instanceof Date && Date.parse(entry.time) < query.since.getTime()) continue;
      out.push(entry);
    }
    return query.limit === undefined ? out : out.slice(Math.max(0, out.length - query.limit));
  }

  clear(): void {
    this.#ring.fill(undefined);
  }
}
