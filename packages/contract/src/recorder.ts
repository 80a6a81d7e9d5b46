import { type CellResult, CHECK_NAMES, type CheckName, type Diagnostic } from './types.ts';

interface Cell {
  passes: number;
  fails: number;
  skips: string[];
}

/** Collects diagnostics; turns them into one cell per operation × check and de-duplicated failures. */
export class Recorder {
  private readonly cells = new Map<string, Cell>();
  private readonly failures = new Map<string, Diagnostic>();
  readonly errors: Diagnostic[] = [];
  /** The phase running now; stamped on each diagnostic so a report can say where a failure came from. */
  phase: Diagnostic['phase'];

  constructor(private readonly selected: Set<string>) {}

  add(diagnostic: Diagnostic | Diagnostic[]): void {
    for (const d of Array.isArray(diagnostic) ? diagnostic : [diagnostic]) this.addOne(d);
  }

  private addOne(input: Diagnostic): void {
    const d = input.phase || !this.phase ? input : { ...input, phase: this.phase };
    if (d.severity === 'error') {
      this.errors.push(d);
      return;
    }
    if (!this.selected.has(d.operationId)) return;
    const key = `${d.operationId}|${d.code}`;
    const cell = this.cells.get(key) ?? { passes: 0, fails: 0, skips: [] };
    this.cells.set(key, cell);
    if (d.severity === 'pass') cell.passes++;
    else if (d.severity === 'skip') {
      if (!cell.skips.includes(d.message)) cell.skips.push(d.message);
    } else {
      cell.fails++;
      // Once per (check, operation, schema path): the first request that showed it is kept.
      const id = `${d.code}|${d.operationId}|${d.schemaPath ?? d.message}`;
      if (!this.failures.has(id)) this.failures.set(id, d);
    }
  }

  results(operations: string[]): { cells: CellResult[]; failures: Diagnostic[] } {
    const cells: CellResult[] = [];
    for (const operationId of operations) {
      for (const check of CHECK_NAMES) {
        const cell = this.cells.get(`${operationId}|${check}`);
        cells.push(toResult(operationId, check, cell));
      }
    }
    const order = new Map(operations.map((op, i) => [op, i]));
    const failures = [...this.failures.values()].sort(
      (a, b) =>
        (order.get(a.operationId) ?? 0) - (order.get(b.operationId) ?? 0) ||
        CHECK_NAMES.indexOf(a.code as CheckName) - CHECK_NAMES.indexOf(b.code as CheckName),
    );
    return { cells, failures };
  }
}

/** Checks that hold for every answer to every operation: if one never ran, the operation was never called. */
const EVERY_CALL: ReadonlySet<CheckName> = new Set([
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_schema_conformance',
  'positive_data_acceptance',
]);
export const NOT_EXERCISED = 'not exercised: the run never got a valid call of it answered';

function toResult(operationId: string, check: CheckName, cell: Cell | undefined): CellResult {
  if (!cell || (cell.passes === 0 && cell.fails === 0)) {
    // A silent gap must not read as "does not apply": say it was not exercised, so reports list it.
    const fallback = EVERY_CALL.has(check) ? NOT_EXERCISED : 'not applicable';
    return { operationId, check, status: 'skip', reason: cell?.skips.join('; ') || fallback, runs: 0 };
  }
  if (cell.fails > 0) return { operationId, check, status: 'fail', runs: cell.passes + cell.fails };
  return { operationId, check, status: 'pass', runs: cell.passes };
}
