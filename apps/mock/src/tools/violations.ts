import type { ResponseIssue } from './response-check.ts';

/** One way the mock's answers drifted from the contract, counted across every answer that showed it. */
export interface Violation {
  operationId: string;
  status: number;
  /** Where in the body, as a JSON pointer (`''`: the body itself, or the status). */
  pointer: string;
  message: string;
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

  /** Records the issues of one answer; logs those not seen before for this operation and pointer. */
  report(operationId: string, status: number, issues: ResponseIssue[]): void {
    const time = this.#now().toISOString();
    for (const issue of issues) {
      const key = `${operationId} ${issue.pointer}`;
      const known = this.#seen.get(key);
      if (known) {
        known.count++;
        known.last_seen = time;
        continue;
      }
      if (this.#seen.size >= MAX_VIOLATIONS) continue;
      this.#seen.set(key, { operationId, status, ...issue, count: 1, first_seen: time, last_seen: time });
      this.#log(`Contract drift: ${operationId} ${status} ${issue.pointer || '(body)'} ${issue.message}`);
    }
  }

  list(): Violation[] {
    return [...this.#seen.values()].map((v) => ({ ...v }));
  }

  clear(): void {
    this.#seen.clear();
  }
}
