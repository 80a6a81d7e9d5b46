import type { Operation } from '@cohort/openapi';
import type { Diagnostic, Exchange } from '../types.ts';
import { fail, pass, skip } from './diagnostic.ts';

/** A protected operation called with a missing, garbage or revoked token must answer 401. */
export function ignoredAuth(op: Operation, exchange: Exchange, how: string): Diagnostic {
  const { status } = exchange.response;
  if (status === 401) return pass(op.operationId, 'ignored_auth');
  if (status === 429) return skip(op.operationId, 'ignored_auth', 'rate limited (429)');
  return fail(op.operationId, 'ignored_auth', `${how}: expected 401, got ${status}`, exchange, {
    schemaPath: how,
    expected: 401,
    actual: status,
  });
}

/** Another user's item: the delete must be refused (403/404) and the item must survive. */
export function crossUserDelete(op: Operation, exchange: Exchange, noun: string): Diagnostic {
  const { status } = exchange.response;
  if (status === 403 || status === 404) return pass(op.operationId, 'ignored_auth');
  return fail(
    op.operationId,
    'ignored_auth',
    `deleting another user's ${noun}: expected 403 or 404, got ${status}`,
    exchange,
    { schemaPath: "another user's item", expected: '403 or 404', actual: status },
  );
}

export function crossUserSurvives(
  op: Operation,
  stillThere: boolean,
  noun: string,
  id: unknown,
  evidence?: Exchange,
): Diagnostic {
  if (stillThere) return pass(op.operationId, 'ignored_auth');
  return fail(
    op.operationId,
    'ignored_auth',
    `another user's ${noun} ${String(id)} was deleted by ${op.operationId}`,
    evidence,
    {
      schemaPath: "another user's item survives",
      expected: 'still listed for its owner',
      actual: 'gone',
    },
  );
}
