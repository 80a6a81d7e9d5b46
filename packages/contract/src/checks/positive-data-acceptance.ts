import type { Operation } from '@cohort/openapi';
import { namesField } from '../mutate.ts';
import type { Diagnostic, Exchange } from '../types.ts';
import { fail, pass, skip } from './diagnostic.ts';

/**
 * Input the contract allows must not be rejected as invalid. `strict` (scenario data, known to be
 * acceptable) wants a 2xx; otherwise (generated data that may name unknown ids or collide) only
 * 400 and 422 count as a rejection.
 */
export function positiveDataAcceptance(
  op: Operation,
  exchange: Exchange,
  what: string,
  strict: boolean,
  body?: unknown,
  /** Fields the contract's prose gives a rule the schema cannot express (e.g. "`end` must not be before `start`"). */
  documentedRule: (field: string) => boolean = () => false,
): Diagnostic {
  const { status } = exchange.response;
  const id = op.operationId;
  if (status >= 200 && status < 300) return pass(id, 'positive_data_acceptance');
  if (status === 429) return skip(id, 'positive_data_acceptance', 'rate limited (429)');
  if (!strict && status !== 400 && status !== 422) return pass(id, 'positive_data_acceptance');
  const errors = (exchange.response.json as { errors?: unknown } | undefined)?.errors;
  if (!strict && status === 422 && allExcused(errors, body, documentedRule)) {
    return skip(
      id,
      'positive_data_acceptance',
      '422 for schema-valid data only on unknown ids or fields with a rule in the contract prose',
    );
  }
  const named = errors && typeof errors === 'object' ? ` (errors: ${Object.keys(errors).join(', ')})` : '';
  return fail(id, 'positive_data_acceptance', `${what} was answered ${status}${named}`, exchange, {
    schemaPath: `status ${status}`,
    expected: strict ? 'a 2xx' : 'not 400/422',
    actual: status,
  });
}

const ID_LIKE = /^[a-z]+_[A-Za-z0-9_-]{16,}$/;

/**
 * True when every field the 422 names either holds an id (prefixed or integer: a record the server
 * may not have) or carries a rule the contract states in prose. Anything else is a real rejection.
 */
function allExcused(errors: unknown, body: unknown, documentedRule: (field: string) => boolean): boolean {
  if (!errors || typeof errors !== 'object') return false;
  const keys = Object.keys(errors);
  return (
    keys.length > 0 &&
    keys.every((key) => {
      const path = key.replace(/^body\./, '').split('.');
      const value = path.reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], body);
      return (
        (typeof value === 'string' && ID_LIKE.test(value)) || Number.isInteger(value) || documentedRule(path[0] ?? '')
      );
    })
  );
}

/**
 * A text field sent at exactly its `maxLength` (the rest of the body valid) must not be refused
 * for its length: a 400, a 413 or a 422 naming the field fails; a success passes; any other
 * refusal is another rule's business.
 */
export function lengthAccepted(op: Operation, exchange: Exchange, field: string, maxLength: number): Diagnostic {
  const { status } = exchange.response;
  const id = op.operationId;
  const what = `${field} at its maxLength (${maxLength} characters)`;
  if (status >= 200 && status < 300) return pass(id, 'positive_data_acceptance');
  if (status === 429) return skip(id, 'positive_data_acceptance', 'rate limited (429)');
  const errors = (exchange.response.json as { errors?: unknown } | undefined)?.errors;
  const keys = errors && typeof errors === 'object' ? Object.keys(errors) : [];
  if (status === 400 || status === 413 || (status === 422 && namesField(keys, field))) {
    return fail(id, 'positive_data_acceptance', `${what} was refused with ${status}`, exchange, {
      schemaPath: `body ${field} maxLength`,
      expected: `accepted (the contract allows ${maxLength} characters)`,
      actual: keys.length > 0 ? `${status}, errors name ${keys.join(', ')}` : status,
    });
  }
  return skip(id, 'positive_data_acceptance', `${what} was answered ${status} for another reason`);
}
