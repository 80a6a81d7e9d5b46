import type { Operation } from '@cohort/openapi';
import type { Diagnostic, Exchange } from '../types.ts';
import { fail, pass } from './diagnostic.ts';

/** Any 5xx is a failure: bad input must be answered with a 4xx, never a crash. */
export function notAServerError(op: Operation, exchange: Exchange): Diagnostic {
  const { status } = exchange.response;
  if (status < 500) return pass(op.operationId, 'not_a_server_error');
  return fail(op.operationId, 'not_a_server_error', `server error ${status}`, exchange, {
    expected: 'a status below 500',
    actual: status,
  });
}
