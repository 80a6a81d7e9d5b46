import type { Operation } from '@cohort/openapi';
import { namesField } from '../mutate.ts';
import type { Diagnostic, Exchange } from '../types.ts';
import { fail, pass, skip } from './diagnostic.ts';

export interface Rejection {
  /** What was broken, for the message: `title breaks minLength (3 chars)`. */
  description: string;
  /** Dotted field name the error body must name; undefined when any 4xx will do. */
  field?: string;
  /** Acceptable statuses; default 422 (or any 4xx when the operation documents no 422). */
  statuses?: number[];
  /** Groups failures: `body title minLength`. */
  key: string;
}

/** Input the contract forbids must be rejected with a 4xx (422 naming the field where documented). */
export function negativeDataRejection(op: Operation, exchange: Exchange, r: Rejection): Diagnostic {
  const { status } = exchange.response;
  const id = op.operationId;
  if (status === 429) return skip(id, 'negative_data_rejection', 'rate limited (429)');
  const expected = r.statuses ?? (op.responses['422'] ? [422] : undefined);
  const accepted = expected ? expected.includes(status) : status >= 400 && status < 500;
  const want = expected ? expected.join(' or ') : 'a 4xx';
  if (!accepted) {
    const verb = status < 300 ? 'was accepted' : 'was answered';
    return fail(id, 'negative_data_rejection', `${r.description} ${verb} ${status}; expected ${want}`, exchange, {
      schemaPath: r.key,
      expected: want,
      actual: status,
    });
  }
  if (r.field !== undefined && status === 422) {
    const errors = (exchange.response.json as { errors?: unknown } | undefined)?.errors;
    const keys = errors && typeof errors === 'object' ? Object.keys(errors) : [];
    if (!namesField(keys, r.field)) {
      return fail(
        id,
        'negative_data_rejection',
        `${r.description}: the 422 does not name ${r.field} in errors`,
        exchange,
        {
          schemaPath: `${r.key} (field named)`,
          expected: `errors.${r.field}`,
          actual: keys.length > 0 ? `errors names ${keys.join(', ')}` : 'no errors object',
        },
      );
    }
  }
  return pass(id, 'negative_data_rejection');
}
