import { HttpError } from '../http-error.ts';
import type { EngineCore } from './core.ts';
import { type EngineReply, type EngineRequest, headerOf } from './http.ts';
import type { Dispatch } from './pipeline.ts';

/** A session name: what `X-Mock-Session` (or the `mock_session` cookie) may hold. */
const NAME = /^[A-Za-z0-9._~-]{1,64}$/;
const COOKIE = /(?:^|;\s*)mock_session=([^;]*)/;

export interface SessionOptions {
  /** Sessions kept at once; a new one past it is a 503 until one is reset or expires (default 100). */
  max?: number;
  /** A session unused this long (the mock's clock) is dropped (default 30 minutes). */
  idleMs?: number;
}

export interface SessionInfo {
  name: string;
  /** The scenario it was made with (`X-Mock-Scenario` on its first request), `default` without one. */
  scenario: string;
  created_at: string;
  last_used_at: string;
  requests: number;
}

interface Session {
  core: EngineCore;
  scenario: string;
  createdAt: number;
  lastUsed: number;
  requests: number;
}

/** The session a request names, `undefined` for none; throws 400 for a malformed name. */
export function sessionOf(req: EngineRequest): string | undefined {
  const header = headerOf(req.headers, 'x-mock-session');
  const cookie = header === undefined ? COOKIE.exec(headerOf(req.headers, 'cookie') ?? '')?.[1] : undefined;
  const raw = header ?? (cookie === undefined ? undefined : decodeURIComponent(cookie));
  if (raw === undefined || raw === '') return undefined;
  if (!NAME.test(raw)) {
    throw HttpError.badRequest('X-Mock-Session must be 1 to 64 letters, digits, ".", "_", "~" or "-".');
  }
  return raw;
}

/**
 * Named sessions, each its own engine over its own store from the same seed (made on first use;
 * the seed's users, profile items and search index shared read-only, see store/session-stores.ts),
 * so parallel tests on one server never see each other's writes. Capped in number (~15 MB each at
 * 100,000 users: 100 fit in memory); idle ones expire on the mock's clock, checked as sessions are
 * used and listed.
 */
export class Sessions {
  readonly #sessions = new Map<string, Session>();
  readonly max: number;
  readonly idleMs: number;

  constructor(
    /** A session's engine; `scenario` is the preset its first request named (throws an HttpError for an unknown one). */
    private readonly make: (name: string, scenario: string | undefined) => EngineCore,
    private readonly now: () => number,
    options: SessionOptions = {},
  ) {
    this.max = options.max ?? 100;
    this.idleMs = options.idleMs ?? 30 * 60_000;
  }

  /** The request path in front of the default engine: a request naming a session goes to its engine. */
  dispatch(fallback: Dispatch): Dispatch {
    return (req) => {
      let name: string | undefined;
      try {
        name = sessionOf(req);
        const scenario = headerOf(req.headers, 'x-mock-scenario') || undefined;
        if (name === undefined) {
          if (scenario !== undefined) {
            throw HttpError.badRequest('X-Mock-Scenario needs X-Mock-Session: a scenario is chosen per session.');
          }
          return fallback(req);
        }
        return this.#select(name, scenario).core.dispatch(req);
      } catch (error) {
        const e = HttpError.from(error);
        const reply: EngineReply = { kind: 'json', status: e.status, headers: e.headers, body: e.toBody() };
        return reply;
      }
    };
  }

  list(): SessionInfo[] {
    this.#expire();
    return [...this.#sessions].map(([name, s]) => ({
      name,
      scenario: s.scenario,
      created_at: new Date(s.createdAt).toISOString(),
      last_used_at: new Date(s.lastUsed).toISOString(),
      requests: s.requests,
    }));
  }

  /** Drops one session (its state and its overrides go; the next request naming it starts from the seed again). */
  drop(name: string): boolean {
    const session = this.#sessions.get(name);
    if (!session) return false;
    this.#sessions.delete(name);
    session.core.tools.overrides.clear(name);
    session.core.close();
    session.core.realtime.close();
    return true;
  }

  dropAll(): number {
    const names = [...this.#sessions.keys()];
    for (const name of names) this.drop(name);
    return names.length;
  }

  get size(): number {
    return this.#sessions.size;
  }

  /** The named session, made on first use with `scenario` (later requests cannot change a session's scenario). */
  #select(name: string, scenario: string | undefined): Session {
    const now = this.now();
    this.#expire();
    let session = this.#sessions.get(name);
    if (!session) {
      if (this.#sessions.size >= this.max) {
        throw new HttpError(
          503,
          `The mock keeps at most ${this.max} sessions (--max-sessions). Reset one (DELETE /__mock/sessions/{name}) or wait for an idle one to expire.`,
          undefined,
          { 'Retry-After': String(Math.max(1, Math.ceil(this.#nextExpiry(now) / 1000))) },
        );
      }
      session = {
        core: this.make(name, scenario),
        scenario: scenario ?? 'default',
        createdAt: now,
        lastUsed: now,
        requests: 0,
      };
      this.#sessions.set(name, session);
    }
    session.lastUsed = now;
    session.requests++;
    return session;
  }

  #expire(): void {
    const now = this.now();
    for (const [name, s] of this.#sessions) if (now - s.lastUsed >= this.idleMs) this.drop(name);
  }

  /** Milliseconds until the idlest session expires. */
  #nextExpiry(now: number): number {
    let soonest = this.idleMs;
    for (const s of this.#sessions.values()) soonest = Math.min(soonest, s.lastUsed + this.idleMs - now);
    return soonest;
  }
}
