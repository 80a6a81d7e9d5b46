import { type EngineReply, type EngineRequest, headerOf } from '../lib/http.ts';
import { HttpError } from '../lib/http-error.ts';
import { fileScenarioKey } from '../scenarios/session.ts';
import type { Scenario } from '../scenarios/types.ts';
import type { EngineCore } from './core.ts';
import type { Dispatch } from './pipeline.ts';

/** A session name: what `X-Mock-Session` (or the `mock_session` cookie) may hold. */
const NAME = /^[A-Za-z0-9._~-]{1,64}$/;
const COOKIE = /(?:^|;\s*)mock_session=([^;]*)/;

export interface SessionOptions {
  /** Sessions kept at once; a new one past it is a 503 until one is reset or expires (default 100). */
  max?: number;
  /** A session unused this long (the mock's clock) is dropped (default 30 minutes). */
  idleMs?: number;
  /**
   * Sessions one address may hold (default `max`); past it that address's least recently used
   * session goes. However many it may hold, a full server takes sessions back from the address
   * holding more than its fair share (`max` over the addresses holding sessions) for another one.
   */
  perAddress?: number;
  /** New sessions per minute (mock clock) per address, then 429 (default 120). */
  createPerMinute?: number;
  /** Roughly the heap all sessions may take together, the seeds they share included (default 2 GiB); past it a new one is a 503. */
  memoryBudget?: number;
  /** Bytes the heap can still take with room to spare (Node: from V8's heap statistics); a session that would not fit is a 503. */
  heapRoom?: () => number;
}

/** What sessions cost, from the seeds they are made from (scenarios/session.ts: `sessionSeeds`). */
export interface SessionCosts {
  /** Roughly the heap one more session of `scenario` takes, once its seed is made (else undefined); throws a 400 for an unknown one. */
  sessionBytes(scenario: string | undefined): number | undefined;
  /** Makes the seed of `scenario`, so its sessions' size is known: true, or a promise while it is made off the request path. */
  prepare(scenario: string | undefined): true | Promise<void>;
  /** Roughly the heap the seeds made so far take. */
  readonly sharedBytes: number;
  /** Roughly the heap the default seed takes: about what a preset's seed will. */
  readonly seedBytes: number;
  /** A scenario file's seed under `key`, until `release(key)` (none: sessions come from presets only). */
  adopt?(key: string, scenario: Scenario): void;
  release?(key: string): void;
}

export const DEFAULT_SESSION_BUDGET = 2 * 1024 ** 3;
/** A session unused this long (mock clock) may go to make room for another; one in use never does. */
const EVICTABLE_AFTER_MS = 60_000;
const MB = 1024 * 1024;

export interface SessionInfo {
  name: string;
  /** The scenario it was made with (`X-Mock-Scenario` on its first request), `default` without one. */
  scenario: string;
  created_at: string;
  last_used_at: string;
  requests: number;
  /** Roughly the heap it took when made (its own copy of its seed), in bytes. */
  size_bytes: number;
}

interface Session {
  core: EngineCore;
  /** What the list shows: the preset's name, `default`, or `file` for a scenario file. */
  scenario: string;
  /** A scenario file's seed key, released with the session. */
  fileKey?: string;
  /** The address that made it (the rate limit's key). */
  address: string;
  createdAt: number;
  lastUsed: number;
  requests: number;
  bytes: number;
}

function failed(error: unknown): EngineReply {
  const e = HttpError.from(error);
  return { kind: 'json', status: e.status, headers: e.headers, body: e.toBody() };
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
 * 100,000 users: 100 fit in memory), in memory (judged before one is made), per address and in
 * how fast an address makes them; idle ones expire on the mock's clock, checked as sessions are
 * used and listed.
 */
export class Sessions {
  readonly #sessions = new Map<string, Session>();
  /** New sessions per address in the current minute. */
  readonly #made = new Map<string, { count: number; resetAt: number }>();
  readonly max: number;
  readonly idleMs: number;
  readonly perAddress: number;
  readonly createPerMinute: number;
  readonly memoryBudget: number;
  readonly #heapRoom: (() => number) | undefined;

  constructor(
    /** A session's engine; `scenario` is the preset its first request named (throws an HttpError for an unknown one). */
    private readonly make: (name: string, scenario: string | undefined) => EngineCore,
    private readonly now: () => number,
    options: SessionOptions = {},
    private readonly costs?: SessionCosts,
  ) {
    this.max = options.max ?? 100;
    this.idleMs = options.idleMs ?? 30 * 60_000;
    this.perAddress = Math.max(1, options.perAddress ?? this.max);
    this.createPerMinute = options.createPerMinute ?? 120;
    this.memoryBudget = options.memoryBudget ?? DEFAULT_SESSION_BUDGET;
    this.#heapRoom = options.heapRoom;
  }

  /** The request path in front of the default engine: a request naming a session goes to its engine. */
  dispatch(fallback: Dispatch): Dispatch {
    return (req) => {
      let name: string | undefined;
      try {
        name = sessionOf(req);
        const scenario = headerOf(req.headers, 'x-mock-scenario') || undefined;
        if (scenario?.startsWith(fileScenarioKey(''))) {
          throw HttpError.badRequest(
            'X-Mock-Scenario names a preset; a scenario file starts a session by POST /__mock/sessions.',
          );
        }
        if (name === undefined) {
          if (scenario !== undefined) {
            throw HttpError.badRequest('X-Mock-Scenario needs X-Mock-Session: a scenario is chosen per session.');
          }
          return fallback(req);
        }
        const session = this.#select(name, scenario, req.clientKey);
        if (!(session instanceof Promise)) return session.core.dispatch(req);
        // The preset is being seeded off the request path: this request waits for it (the event loop does not), then starts over.
        return session.then(
          () => this.dispatch(fallback)(req),
          (error: unknown) =>
            failed(
              new HttpError(
                503,
                `The scenario "${scenario}" could not be prepared (${error instanceof Error ? error.message : String(error)}). Try again.`,
                undefined,
                { 'Retry-After': '1' },
              ),
            ),
        );
      } catch (error) {
        return failed(error);
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
      size_bytes: s.bytes,
    }));
  }

  /** Each live session's name, store and when it goes for being idle (epoch ms of the mock's clock). */
  entries(): { name: string; store: EngineCore['store']; idleEndMs: number }[] {
    return [...this.#sessions].map(([name, s]) => ({ name, store: s.core.store, idleEndMs: s.lastUsed + this.idleMs }));
  }

  /** Roughly the heap sessions take, the seeds they share included. */
  get bytes(): number {
    let bytes = this.costs?.sharedBytes ?? 0;
    for (const s of this.#sessions.values()) bytes += s.bytes;
    return bytes;
  }

  /**
   * Makes session `name` from `scenario` (a preset; none: the default seed) before any request names it,
   * under the same limits as one made by its first request. A 409 when it exists.
   */
  async create(
    name: string,
    scenario: string | undefined,
    address: string,
    /** A scenario file instead of a preset: its own seed, made for this session alone. */
    file?: Scenario,
  ): Promise<SessionInfo> {
    if (!NAME.test(name)) throw HttpError.invalid({ name: ['must be 1 to 64 letters, digits, ".", "_", "~" or "-"'] });
    if (this.#sessions.has(name)) throw new HttpError(409, `A session named ${name} exists: drop it first.`);
    let key = scenario;
    if (file) {
      if (!this.costs?.adopt) throw HttpError.badRequest('This mock makes sessions from presets only.');
      key = fileScenarioKey(name);
      this.costs.adopt(key, file);
    }
    try {
      let made = this.#select(name, key, address);
      // A preset seeded off the request path: wait for it, then make the session.
      while (made instanceof Promise) {
        await made;
        made = this.#select(name, key, address);
      }
      // Made, not used: its requests count from its first one.
      made.requests = 0;
      if (file && key) {
        made.scenario = 'file';
        made.fileKey = key;
      }
    } catch (error) {
      if (file && key) this.costs?.release?.(key);
      throw error;
    }
    const info = this.list().find((s) => s.name === name);
    if (!info) throw new Error(`session ${name} was not kept`);
    return info;
  }

  /** The request path of session `name`, undefined when there is none (a scenario file's records are replayed through it). */
  dispatchOf(name: string): Dispatch | undefined {
    return this.#sessions.get(name)?.core.dispatch;
  }

  /** Drops one session (its state and its overrides go; the next request naming it starts from the seed again). */
  drop(name: string): boolean {
    const session = this.#sessions.get(name);
    if (!session) return false;
    this.#sessions.delete(name);
    if (session.fileKey) this.costs?.release?.(session.fileKey);
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
  #select(name: string, scenario: string | undefined, address: string): Session | Promise<void> {
    const now = this.now();
    this.#expire();
    let session = this.#sessions.get(name);
    if (!session) {
      // Judged in order of cost: the name of the preset, the rate, room (taken back from an address over its share), memory.
      this.costs?.sessionBytes(scenario);
      this.#countMade(address, now);
      this.#makeRoom(address, now);
      let bytes = this.costs?.sessionBytes(scenario);
      if (bytes === undefined && this.costs) {
        // A preset's first session seeds it (shared by its later ones): only with room for about another seed.
        this.#fits(this.costs.seedBytes, now);
        const prepared = this.costs.prepare(scenario);
        if (prepared !== true) {
          // Being seeded elsewhere (a worker thread; one seeding however many ask): this attempt made no session, so it does not count.
          this.#uncount(address);
          return prepared;
        }
        bytes = this.costs.sessionBytes(scenario) ?? 0;
      }
      this.#fits(bytes ?? 0, now);
      session = {
        core: this.make(name, scenario),
        scenario: scenario ?? 'default',
        address,
        createdAt: now,
        lastUsed: now,
        requests: 0,
        bytes: bytes ?? 0,
      };
      this.#sessions.set(name, session);
    }
    session.lastUsed = now;
    session.requests++;
    return session;
  }

  /** Counts a new session of `address`; a 429 past `createPerMinute` in this minute. */
  #countMade(address: string, now: number): void {
    let window = this.#made.get(address);
    if (!window || window.resetAt <= now) {
      for (const [key, w] of this.#made) if (w.resetAt <= now) this.#made.delete(key);
      window = { count: 0, resetAt: now + 60_000 };
      this.#made.set(address, window);
    }
    if (window.count >= this.createPerMinute) {
      const seconds = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
      throw new HttpError(
        429,
        `Too many new sessions from this address: at most ${this.createPerMinute} a minute (--session-rate). Reuse a session (DELETE /__mock/sessions/{name} resets one) or try again in ${seconds} seconds.`,
        undefined,
        { 'Retry-After': String(seconds) },
      );
    }
    window.count++;
  }

  #uncount(address: string): void {
    const window = this.#made.get(address);
    if (window && window.count > 0) window.count--;
  }

  /**
   * Room for one more session of `address`: at its own cap, or on a full server when an address
   * holds more than its fair share (`max` over the addresses holding sessions), the least recently
   * used session of that address goes if it is idle (unused for a minute); else a 503.
   */
  #makeRoom(address: string, now: number): void {
    const byAddress = new Map<string, Session[]>();
    for (const s of this.#sessions.values()) {
      const list = byAddress.get(s.address);
      if (list) list.push(s);
      else byAddress.set(s.address, [s]);
    }
    const own = byAddress.get(address) ?? [];
    let from: Session[] | undefined;
    if (own.length >= this.perAddress) from = own;
    else if (this.#sessions.size >= this.max) {
      const share = Math.max(1, Math.floor(this.max / (byAddress.size + (own.length === 0 ? 1 : 0))));
      const most = [...byAddress.values()].reduce((a, b) => (b.length > a.length ? b : a), own);
      if (most.length > share) from = most;
    } else return;
    const oldest = from?.reduce((a, b) => (b.lastUsed < a.lastUsed ? b : a));
    if (oldest && now - oldest.lastUsed >= EVICTABLE_AFTER_MS) {
      for (const [name, s] of this.#sessions) if (s === oldest) this.drop(name);
      return;
    }
    const cap = from === own && own.length >= this.perAddress && this.perAddress < this.max;
    throw new HttpError(
      503,
      cap
        ? `This address holds ${own.length} sessions, at most ${this.perAddress} (--sessions-per-address), all used within the last minute. Reset one (DELETE /__mock/sessions/{name}) or try again soon.`
        : `The mock keeps at most ${this.max} sessions (--max-sessions). Reset one (DELETE /__mock/sessions/{name}) or wait for an idle one to expire.`,
      undefined,
      {
        'Retry-After': String(
          Math.max(1, Math.ceil((oldest ? oldest.lastUsed + EVICTABLE_AFTER_MS - now : this.#nextExpiry(now)) / 1000)),
        ),
      },
    );
  }

  /** A 503 unless `bytes` more fit the memory budget and the heap. */
  #fits(bytes: number, now: number): void {
    const used = this.bytes;
    const room = this.#heapRoom?.() ?? Number.POSITIVE_INFINITY;
    // Copying a seed briefly takes about twice what is kept.
    if (used + bytes <= this.memoryBudget && 2 * bytes <= room) return;
    const why =
      used + bytes > this.memoryBudget
        ? `its sessions would take more than ${Math.round(this.memoryBudget / MB)} MB (--session-memory-mb; about ${Math.round(used / MB)} MB in use, ${Math.max(1, Math.round(bytes / MB))} MB more asked)`
        : 'the heap is nearly full';
    throw new HttpError(
      503,
      `The mock makes no new session now: ${why}. Reset sessions (DELETE /__mock/sessions) or wait for an idle one to expire.`,
      undefined,
      { 'Retry-After': String(Math.max(1, Math.ceil(this.#nextExpiry(now) / 1000))) },
    );
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
