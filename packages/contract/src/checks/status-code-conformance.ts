import type { Operation, ResponseObject } from '@cohort/openapi';
import type { Diagnostic, Exchange } from '../types.ts';
import { fail, pass } from './diagnostic.ts';

/** The contract's response for a status: the exact code, then `4XX`-style ranges, then `default`. */
export function documentedResponse(op: Operation, status: number): ResponseObject | undefined {
  return op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
}

export function statusCodeConformance(op: Operation, exchange: Exchange): Diagnostic {
  const { status } = exchange.response;
  if (documentedResponse(op, status)) return pass(op.operationId, 'status_code_conformance');
  const documented = Object.keys(op.responses).join(', ');
  return fail(
    op.operationId,
    'status_code_conformance',
    `status ${status} is not documented for ${op.operationId} (documented: ${documented})`,
    exchange,
    { schemaPath: `status ${status}`, expected: documented, actual: status },
  );
}
