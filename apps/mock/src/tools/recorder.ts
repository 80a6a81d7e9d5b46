import type { RecordedExchange, RecordedIdentity, Records } from '@cohort/openapi/recording';
import { randomBytes, toBase64Url } from '../lib/crypto.ts';
import { type EngineReply, headerOf, type RequestHeaders } from '../lib/http.ts';
import { HttpError } from '../lib/http-error.ts';
import { SEEDED_PASSWORD } from '../seed/index.ts';
import { REDACTED, redact } from './journal.ts';
import { redactUrl } from './redact-url.ts';

/** What the pipeline hands the recorder per request, once the answer is known (where the journal records). */
export interface RecordInput {
  /** Epoch milliseconds on the mock's clock. */
  at: number;
  /** The session whose state answered; `null` for the default state. */
  session: string | null;
  method: string;
  url: string;
  operationId: string | null;
  headers: RequestHeaders;
  /** The request body as parsed (JSON only). */
  body: unknown;
  bodyLength: number;
  reply: EngineReply;
  durationMs: number;
  /** An override answered it. */
  overridden: boolean;
  /** The signed-in user who sent it, for a secured operation. */
  user?: { email: string; university?: string | null | undefined } | undefined;
}

/** A recording as `GET /__mock/recordings` lists it. */
export interface RecordingInfo {
  id: string;
  /** The session recorded (`null`: the default state). */
  session: string | null;
  started: string;
  /** When it stopped; `null` while it runs. */
  stopped: string | null;
  exchanges: number;
  /** Requests past the cap, not kept. */
  dropped: number;
}

/** A scenario file made of a recording: its description and its records (see scenario.schema.json). */
export interface RecordedScenario {
  /** The preset the recorded session was made from, when not `default`: the file starts from the same seed. */
  extends?: string;
  description: string;
  records: Records;
}

/** Recordings kept at once (running or stopped), and requests kept per recording. */
export const MAX_RECORDINGS = 20;
export const MAX_EXCHANGES = 5000;
/** A bigger body (request or answer) is kept as its size only, as the journal keeps requests. */
const MAX_KEPT_BODY = 256 * 1024;
/** The request headers a replay needs to know how a request was sent; none is a credential. */
const KEPT_HEADERS = ['content-type', 'accept'];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A URL in an answer keeps no credential in its query (a signed media link, a ticket). */
function redactUrls(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.includes('?') && /^(https?:\/)?\//.test(value) ? redactUrl(value) : value;
  if (depth > 32 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => redactUrls(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = redactUrls(item, depth + 1);
  return out;
}

/** A body as a recording keeps it: redacted as the journal redacts, or its size alone when big. */
function kept(body: unknown): unknown {
  if (body === undefined) return undefined;
  const text = JSON.stringify(body);
  if (text === undefined) return undefined;
  if (text.length > MAX_KEPT_BODY) return `${REDACTED}: ${text.length} bytes, not kept`;
  return redactUrls(redact(body));
}

class Recording {
  readonly exchanges: RecordedExchange[] = [];
  readonly identities = new Map<string, RecordedIdentity>();
  stoppedAt: number | null = null;
  dropped = 0;

  constructor(
    readonly id: string,
    readonly session: string | null,
    readonly startedAt: number,
    /** The origin the recording was started through: what a HAR entry's absolute URL begins with. */
    readonly origin: string,
  ) {}

  info(): RecordingInfo {
    return {
      id: this.id,
      session: this.session,
      started: new Date(this.startedAt).toISOString(),
      stopped: this.stoppedAt === null ? null : new Date(this.stoppedAt).toISOString(),
      exchanges: this.exchanges.length,
      dropped: this.dropped,
    };
  }

  add(input: RecordInput): void {
    if (this.exchanges.length >= MAX_EXCHANGES) {
      this.dropped++;
      return;
    }
    const { reply, user } = input;
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = headerOf(input.headers, name);
      if (value !== undefined) headers[name] = value;
    }
    const body =
      input.bodyLength > MAX_KEPT_BODY ? `${REDACTED}: ${input.bodyLength} bytes, not kept` : kept(input.body);
    const answer = reply.kind === 'json' ? kept(reply.body) : undefined;
    if (user) this.identities.set(user.email, { university: user.university ?? null });
    // A sign-in or sign-up names who it signs in as: a replay signs in as them the same way.
    if (isRecord(input.body) && typeof input.body.email === 'string') {
      const university = input.body.uniName ?? input.body.university_name;
      if (typeof university === 'string' && (input.operationId === 'login' || input.operationId === 'register'))
        this.identities.set(input.body.email, { university });
    }
    this.exchanges.push({
      at_ms: Math.max(0, input.at - this.startedAt),
      duration_ms: Math.round(input.durationMs * 10) / 10,
      method: input.method,
      path: redactUrl(input.url),
      operationId: input.operationId,
      ...(user ? { as: user.email } : {}),
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      ...(body === undefined ? {} : { body }),
      status: reply.status,
      ...(answer === undefined ? {} : { answer }),
      ...(reply.kind === 'stream' ? { stream: true } : {}),
      ...(input.overridden ? { overridden: true } : {}),
    });
  }

  /** The preset the session was made from, learnt when the scenario file is asked for (kept once the session is gone). */
  preset: string | undefined;

  scenario(): RecordedScenario {
    const where = this.session === null ? 'the default state' : `session ${this.session}`;
    const until = this.stoppedAt === null ? 'still running' : `to ${new Date(this.stoppedAt).toISOString()}`;
    return {
      ...(this.preset !== undefined && this.preset !== 'default' ? { extends: this.preset } : {}),
      description: `Recorded from ${where}, ${new Date(this.startedAt).toISOString()} ${until}: ${this.exchanges.length} requests.`,
      records: {
        password: SEEDED_PASSWORD,
        identities: Object.fromEntries(this.identities),
        exchanges: this.exchanges,
      },
    };
  }
}

/**
 * Recordings of sessions' exchanges, at the engine's request/answer boundary (where the journal
 * records), so whatever answers a request is caught. Secrets are redacted as the journal redacts
 * them, when recorded: a recording never holds a password, a token or a reset link.
 */
export class Recordings {
  readonly #all = new Map<string, Recording>();
  /** Recordings still running: the pipeline records nothing while there are none. */
  running = 0;

  constructor(private readonly nowMs: () => number) {}

  /** Starts recording `session`'s requests (`null`: the default state's). */
  start(session: string | null, origin: string): RecordingInfo {
    if (this.#all.size >= MAX_RECORDINGS) {
      // Room is made by forgetting the oldest stopped recording; a full set of running ones refuses.
      const oldest = [...this.#all.values()].find((r) => r.stoppedAt !== null);
      if (!oldest)
        throw new HttpError(429, `${MAX_RECORDINGS} recordings are running; stop one first.`, undefined, {
          'Retry-After': '1',
        });
      this.#all.delete(oldest.id);
    }
    const recording = new Recording(`rec_${toBase64Url(randomBytes(9))}`, session, this.nowMs(), origin);
    this.#all.set(recording.id, recording);
    this.running++;
    return recording.info();
  }

  record(input: RecordInput): void {
    for (const recording of this.#all.values()) {
      if (recording.stoppedAt === null && recording.session === input.session) recording.add(input);
    }
  }

  #get(id: string): Recording {
    const recording = this.#all.get(id);
    if (!recording) throw HttpError.notFound('No recording with that id.');
    return recording;
  }

  /**
   * Stops a recording (stopping it again changes nothing) and answers the scenario file it makes;
   * `presetOf` names the preset a session was made from (while it lives).
   */
  stop(id: string, presetOf?: (session: string) => string | undefined): RecordedScenario {
    const recording = this.#get(id);
    if (recording.stoppedAt === null) {
      recording.stoppedAt = this.nowMs();
      this.running--;
    }
    return this.scenario(id, presetOf);
  }

  scenario(id: string, presetOf?: (session: string) => string | undefined): RecordedScenario {
    const recording = this.#get(id);
    if (recording.session !== null) recording.preset ??= presetOf?.(recording.session);
    return recording.scenario();
  }

  /** What a HAR file is made of: the exchanges, when it started, and the origin its URLs begin with. */
  exchanges(id: string): { exchanges: RecordedExchange[]; startedAt: number; origin: string } {
    const { exchanges, startedAt, origin } = this.#get(id);
    return { exchanges, startedAt, origin };
  }

  list(): RecordingInfo[] {
    return [...this.#all.values()].map((recording) => recording.info());
  }

  remove(id: string): void {
    const recording = this.#get(id);
    if (recording.stoppedAt === null) this.running--;
    this.#all.delete(id);
  }

  clear(): void {
    this.#all.clear();
    this.running = 0;
  }
}
