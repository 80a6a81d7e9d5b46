/**
 * Two servers side by side (`--compare-with`): the same run against both, step by step. A step is
 * the n-th call of an operation within a phase; each phase calls one operation's steps in order,
 * so the same step means the same request (up to the ids each server returned).
 */
export interface TraceStep {
  step: string;
  operationId: string;
  status: number;
  /** The field names of a 422's `errors`. */
  errorFields?: string[];
  /** A list's size: `total` of a page, or the array's length. */
  total?: number;
}

export interface Difference {
  step: string;
  operationId: string;
  what: 'status' | 'error fields' | 'total';
  first: unknown;
  second: unknown;
}

/** What the run remembers of an answer for a comparison. */
export function traceStep(step: string, operationId: string, status: number, json: unknown): TraceStep {
  const out: TraceStep = { step, operationId, status };
  const body = json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
  const errors = body?.errors;
  if (status === 422 && errors && typeof errors === 'object') out.errorFields = Object.keys(errors).sort();
  const data = body ? body.data : json;
  if (Array.isArray(data)) out.total = data.length;
  else if (data && typeof data === 'object' && typeof (data as { total?: unknown }).total === 'number') {
    out.total = (data as { total: number }).total;
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Differences the schema cannot express: another status for the same step (403 vs 404), other
 * error field names, another list size. Steps only one server reached are left out (ids differ).
 */
export function compareTraces(first: TraceStep[], second: TraceStep[]): Difference[] {
  const other = new Map(second.map((s) => [s.step, s]));
  const out: Difference[] = [];
  for (const a of first) {
    const b = other.get(a.step);
    if (!b) continue;
    const base = { step: a.step, operationId: a.operationId };
    if (a.status !== b.status) out.push({ ...base, what: 'status', first: a.status, second: b.status });
    else if (!same(a.errorFields, b.errorFields)) {
      out.push({ ...base, what: 'error fields', first: a.errorFields ?? [], second: b.errorFields ?? [] });
    } else if (a.total !== undefined && b.total !== undefined && a.total !== b.total) {
      out.push({ ...base, what: 'total', first: a.total, second: b.total });
    }
  }
  return out;
}

/** The text section: one line per difference, grouped by operation. */
export function renderComparison(first: string, second: string, diffs: Difference[]): string {
  const lines = [`Compared with ${second} (steps answered differently than by ${first}): ${diffs.length}`];
  for (const d of diffs) {
    lines.push(`  ${d.operationId} [${d.step}] ${d.what}: ${JSON.stringify(d.first)} vs ${JSON.stringify(d.second)}`);
  }
  return `${lines.join('\n')}\n`;
}
