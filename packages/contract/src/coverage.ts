import type { Operation } from '@cohort/openapi';
import { fail, pass, skip } from './checks/diagnostic.ts';
import type { Coverage, Diagnostic, OperationCoverage, StatusCoverage } from './types.ts';

// The shapes live with the result they are part of; importers of this module keep their names.
export type { Coverage, OperationCoverage, StatusCoverage } from './types.ts';

/** Statuses only a fault provokes (a timeout, a flood, a huge body, an outage): optional, outside the figure. */
export const OPTIONAL_STATUSES: ReadonlySet<string> = new Set(['304', '408', '413', '429', '431', '503']);

/** What the run saw, per operation: how many answers had each status, and their media types. */
export interface Observed {
  statuses: Map<string, Map<number, number>>;
  provoked: Map<string, Map<number, string>>;
  contentTypes: Map<string, Map<number, Set<string>>>;
  /** Statuses a phase chose not to provoke, with its reason (otherwise one follows from the status). */
  unreached?: Map<string, Map<number, string>>;
}

/** Why a run cannot provoke a status that only a fault or a limit returns. */
const FAULTS: Record<string, string> = {
  '304': 'needs a cached copy to revalidate: the run sends If-None-Match only where an ETag came back',
  '408': 'needs a request that stalls, a fault the run does not make',
  '413': "needs a body past the server's size limit, a fault the run does not make",
  '429':
    'needs a limit to be hit: the run hits one only on its own users (wrong passwords), never a limit per address or shared with others, so the next run is not held up',
  '431': "needs headers past the server's limit, a fault the run does not make",
  '503': 'needs an outage',
};

/** Why the run sends nothing for a declared status: the kind of state it needs, and the contract's own words. */
export function notReachedReason(op: Operation, status: string): string {
  if (FAULTS[status]) return FAULTS[status];
  const json = Object.keys(op.requestBody?.content ?? {}).some((type) => /json/i.test(type));
  const path = op.parameters.some((p) => p.in === 'path');
  const kind = /^2/.test(status)
    ? 'a success here needs state the run does not set up'
    : status === '400'
      ? json || path
        ? 'needs an unreadable request the run does not send here'
        : 'needs an unreadable request, and the operation has no JSON body or path parameter to break'
      : status === '401'
        ? 'needs a request without a valid session, which the run does not send here'
        : status === '403'
          ? 'needs a situation between two users the run does not set up'
          : status === '404'
            ? 'needs an unknown id where the run sends only ids it knows (a body field)'
            : status === '409'
              ? 'needs a conflicting state the run does not set up'
              : status === '422'
                ? 'the run has no input the schema allows and the server must refuse'
                : 'the run sends nothing that would return it';
  const said = op.responses[status]?.description?.split(/(?<=\.)\s/)[0]?.trim();
  return said ? `${kind}; the contract: "${said}"` : kind;
}

/** Declared concrete statuses (ranges such as 5XX and `default` are not a status one can observe or miss). */
export function operationCoverage(op: Operation, observed: Observed): OperationCoverage {
  const seen = observed.statuses.get(op.operationId) ?? new Map<number, number>();
  const types = observed.contentTypes.get(op.operationId);
  const provoked = observed.provoked.get(op.operationId);
  const unreached = observed.unreached?.get(op.operationId);
  const statuses: StatusCoverage[] = Object.entries(op.responses)
    .filter(([status]) => /^\d{3}$/.test(status))
    .map(([status, response]) => {
      return {
        status,
        observed: seen.get(Number(status)) ?? 0,
        optional: OPTIONAL_STATUSES.has(status),
        ...(provoked?.has(Number(status)) ? { provokedBy: provoked.get(Number(status)) } : {}),
        ...(!seen.get(Number(status)) && !provoked?.has(Number(status))
          ? { reason: unreached?.get(Number(status)) ?? notReachedReason(op, status) }
          : {}),
        declaredTypes: Object.keys(response.content ?? {}),
        observedTypes: [...(types?.get(Number(status)) ?? [])].filter(Boolean),
      };
    });
  const required = statuses.filter((s) => !s.optional);
  return {
    operationId: op.operationId,
    exercised: seen.size > 0,
    statuses,
    required: required.length,
    covered: required.filter((s) => s.observed > 0).length,
  };
}

export function coverageOf(operations: Operation[], observed: Observed): Coverage {
  const rows = operations.map((op) => operationCoverage(op, observed));
  const required = rows.reduce((n, r) => n + r.required, 0);
  const covered = rows.reduce((n, r) => n + r.covered, 0);
  return { operations: rows, required, covered, ratio: required === 0 ? 1 : covered / required };
}

/**
 * A declared status the server never returned during the whole run, though the run sent what
 * should provoke it (an unknown id, a malformed path, a taken e-mail): `status_coverage`. One the
 * run had no input for is only shown as not reached in the coverage table.
 */
export function statusCoverage(row: OperationCoverage): Diagnostic {
  if (!row.exercised) return skip(row.operationId, 'status_coverage', 'the run got no answer from it');
  const missing = row.statuses.filter((s) => !s.optional && s.observed === 0 && s.provokedBy !== undefined);
  if (missing.length === 0) return pass(row.operationId, 'status_coverage');
  const list = missing.map((s) => `${s.status} (sent ${s.provokedBy})`).join('; ');
  return fail(row.operationId, 'status_coverage', `declared but never returned: ${list}`, undefined, {
    schemaPath: `responses ${missing.map((s) => s.status).join(',')}`,
    expected: missing.map((s) => s.status),
    actual: 'never returned',
  });
}
