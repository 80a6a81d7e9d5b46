/** Who answered one request in upstream mode, and why the engine did when it did. */
export type UpstreamOutcome =
  | { side: 'backend'; status: number; drifted: boolean }
  | { side: 'engine'; status: number; reason: FallbackReason };

/**
 * Why the engine answered: the operation is listed in `--mock-ops`; the backend answered 501, or a
 * 404 that is not the contract's (a framework's "no such route"); it could not be reached; or the
 * request broke the contract and was not sent.
 */
export type FallbackReason = 'mock-ops' | 'not-implemented' | 'no-route' | 'unreachable' | 'invalid-request';

/** Where one operation stands, from the traffic seen so far. */
export interface UpstreamRow {
  operationId: string;
  /** The latest answer: the backend's (conforming), the engine's, or the backend's breaking the contract. */
  state: 'backend' | 'engine' | 'drifted';
  /** Answers the backend gave (drifting ones included). */
  backend: number;
  /** Answers the engine gave instead. */
  engine: number;
  /** Backend answers that broke the contract. */
  drifted: number;
  last_status: number;
  /** Why the engine last answered, if it ever did. */
  last_fallback: FallbackReason | null;
  last_seen: string;
}

/** The backend's progress, per operation, measured by real traffic: plain data the pipeline fills and `GET /__mock/upstream` lists. */
export class UpstreamReport {
  readonly #rows = new Map<string, UpstreamRow>();

  constructor(
    /** The backend's base URL, as given. */
    readonly url: string,
    private readonly now: () => Date,
  ) {}

  record(operationId: string, outcome: UpstreamOutcome): void {
    let row = this.#rows.get(operationId);
    if (!row) {
      row = {
        operationId,
        state: 'engine',
        backend: 0,
        engine: 0,
        drifted: 0,
        last_status: 0,
        last_fallback: null,
        last_seen: '',
      };
      this.#rows.set(operationId, row);
    }
    row.last_status = outcome.status;
    row.last_seen = this.now().toISOString();
    if (outcome.side === 'engine') {
      row.engine++;
      row.state = 'engine';
      row.last_fallback = outcome.reason;
      return;
    }
    row.backend++;
    if (outcome.drifted) row.drifted++;
    row.state = outcome.drifted ? 'drifted' : 'backend';
  }

  /** Every operation seen, by name. */
  list(): UpstreamRow[] {
    return [...this.#rows.values()].sort((a, b) => (a.operationId < b.operationId ? -1 : 1)).map((row) => ({ ...row }));
  }

  /** One line: how many operations each side answered last (printed when the mock stops). */
  summary(): string {
    const rows = this.list();
    const count = (state: UpstreamRow['state']) => rows.filter((row) => row.state === state).length;
    return `Upstream ${this.url}: ${count('backend')} operations answered by the backend, ${count('engine')} fell back to the engine, ${count('drifted')} drifted (GET /__mock/upstream).`;
  }

  clear(): void {
    this.#rows.clear();
  }
}
