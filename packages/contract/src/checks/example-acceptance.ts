import type { Operation } from '@cohort/openapi';
import type { Diagnostic, Exchange } from '../types.ts';
import { fail, pass, skip } from './diagnostic.ts';

/**
 * A request example from the contract, sent to a freshly seeded server, must succeed: an example
 * a server refuses teaches every reader of the docs (and every generated mock) a request that fails.
 */
export function exampleAcceptance(
  op: Operation,
  exchange: Exchange,
  example: string,
  /** Fields marked `x-out-of-band` (a mailed link's token): no example can hold a valid value. */
  outOfBand: (field: string) => boolean = () => false,
): Diagnostic {
  const { status } = exchange.response;
  if (status >= 200 && status < 300) return pass(op.operationId, 'example_acceptance');
  if (status === 429) return skip(op.operationId, 'example_acceptance', `${example}: rate limited (429)`);
  const errors = (exchange.response.json as { errors?: unknown } | undefined)?.errors;
  const fields = errors && typeof errors === 'object' ? Object.keys(errors) : [];
  if (
    status === 422 &&
    fields.length > 0 &&
    fields.every((f) => outOfBand(f.replace(/^body\./, '').split('.')[0] ?? ''))
  ) {
    return skip(
      op.operationId,
      'example_acceptance',
      `${example}: 422 only on ${fields.join(', ')}, which the client gets outside the API (x-out-of-band)`,
    );
  }
  const named = errors && typeof errors === 'object' ? ` (errors: ${Object.keys(errors).join(', ')})` : '';
  return fail(
    op.operationId,
    'example_acceptance',
    `the contract's ${example} was answered ${status}${named}`,
    exchange,
    {
      schemaPath: example,
      expected: 'a 2xx',
      actual: status,
    },
  );
}
