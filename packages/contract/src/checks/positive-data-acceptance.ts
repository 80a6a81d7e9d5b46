import type { Operation } from '@cohort/openapi';
import type { Diagnostic, Exchange } from '../types.ts';
import { fail, pass, skip } from './diagnostic.ts';

/**
 * Input the contract allows must not be rejected as invalid. `strict` (scenario data, known to be
 * acceptable) wants a 2xx; otherwise (generated data that may name unknown ids or collide) only
 * 400 and 422 count as a rejection.
 */
export function positiveDataAcceptance(op: Operation, exchange: Exchange, what: string, strict: boolean): Diagnostic {
  const { status } = exchange.response;
  const id = op.operationId;
  if (status >= 200 && status < 300) return pass(id, 'positive_data_acceptance');
  if (status === 429) return skip(id, 'positive_data_acceptance', 'rate limited (429)');
  if (!strict && status !== 400 && status !== 422) return pass(id, 'positive_data_acceptance');
  const errors = (exchange.response.json as { errors?: unknown } | undefined)?.errors;
  const named = errors && typeof errors === 'object' ? ` (errors: ${Object.keys(errors).join(', ')})` : '';
  return fail(id, 'positive_data_acceptance', `${what} was answered ${status}${named}`, exchange, {
    schemaPath: `status ${status}`,
    expected: strict ? 'a 2xx' : 'not 400/422',
    actual: status,
  });
}
