import type { ResponseIssue } from './response-check.ts';

/**
 * Who broke the contract: the engine's own answer, the backend's (`--upstream`), or the request the
 * client sent (checked before it goes upstream).
 */
export type ViolationSide = 'engine' | 'backend' | 'client';

/** The latest request that showed a violation: its journal entry (`seq`, null with the journal off) and its line. */
export interface ViolationRequest {
  seq: number | null;
  method: string;
  /** The path as sent, without the query (which may carry credentials). */
  path: string;
  session: string | null;
}

/** One way the mock's answers drifted from the contract, counted across every answer that showed it. */
export interface Violation {
  operationId: string;
  side: ViolationSide;
  status: number;
  /** Where in the body, as a JSON pointer (`''`: the body itself, or the status). */
  pointer: string;
  message: string;
  /** The schema keyword broken (`type`, `required`…); absent for a status or media type the contract does not declare. */
  keyword?: string;
  /** Absent when it was found outside the request path's own check (the upstream proxy's checks before sending). */
  request?: ViolationRequest;
  count: number;
  first_seen: string;
  last_seen: string;
}

const MAX_VIOLATIONS = 1000;

/**
 * The drift alarm's list: each operation + pointer once, with a count, so a drifting list answer
 * is logged once rather than on every request. Plain data; the server decides what to do with it.
 */
export class Violations {
  readonly #seen = new Map<string, Violation>();
  readonly #log: (line: string) => void;
  readonly #now: () => Date;

  constructor(log: (line: string) => void, now: () => Date = () => new Date()) {
    this.#log = log;
    this.#now = now;
  }

  /** Records the issues of one answer (or request); logs those not seen before for this side, operation and pointer. */
  report(
    operationId: string,
    status: number,
    issues: ResponseIssue[],
    side: ViolationSide = 'engine',
    request?: ViolationRequest,
  ): void {
    const time = this.#now().toISOString();
    for (const issue of issues) {
      const key = `${side} ${operationId} ${issue.pointer}`;
      const known = this.#seen.get(key);
      if (known) {
        known.count++;
        known.last_seen = time;
        if (request) known.request = request;
        continue;
      }
      if (this.#seen.size >= MAX_VIOLATIONS) continue;
      this.#seen.set(key, {
        operationId,
        side,
        status,
        ...issue,
        ...(request ? { request } : {}),
        count: 1,
        first_seen: time,
        last_seen: time,
      });
      const who = side === 'engine' ? '' : side === 'backend' ? ' (backend)' : ' (request)';
      this.#log(`Contract drift${who}: ${operationId} ${status} ${issue.pointer || '(body)'} ${issue.message}`);
    }
  }

  list(): Violation[] {
    return [...this.#seen.values()].map((v) => ({ ...v, ...(v.request ? { request: { ...v.request } } : {}) }));
  }

  clear(): void {
    this.#seen.clear();
  }
}
