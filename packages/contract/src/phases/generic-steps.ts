import type { Operation } from '@cohort/openapi';
import { skip } from '../checks/diagnostic.ts';
import { positiveDataAcceptance } from '../checks/positive-data-acceptance.ts';
import type { RunContext } from '../context.ts';
import { proseRuleFields, requiredQuery, validBody } from '../inputs.ts';
import { ok } from './answers.ts';

const WRITE_FIRST: Record<string, number> = { post: 0, put: 0, patch: 1, get: 2, head: 2, delete: 3 };

/** An operation with no dedicated step: path ids from what the run has seen, body from the contract. */
async function genericStep(ctx: RunContext, op: Operation): Promise<'done' | string> {
  const params = ctx.pathParams(op, 'other');
  if (typeof params === 'string') return `no known value for path parameter ${params}`;
  const body = op.requestBody ? validBody(ctx, op) : undefined;
  if (op.requestBody?.required && body === undefined) return 'no valid request body could be generated';
  const token = op.secured ? ctx.a?.token : undefined;
  if (op.secured && !token) return 'no signed-in user';
  const ex = await ctx.call(op.operationId, { params, query: requiredQuery(ctx, op), body, token });
  if (!ex) return 'not in the contract';
  const { status } = ex.response;
  if (ok(ex) || status === 400 || status === 422) {
    // Not strict: the body may still name a record this server does not have (a 422 for that id alone).
    ctx.recorder.add(
      positiveDataAcceptance(op, ex, 'a request built from the contract', false, body, proseRuleFields(ctx, op)),
    );
  } else {
    ctx.recorder.add(
      skip(
        op.operationId,
        'positive_data_acceptance',
        `answered ${status} to a generated request; success not exercised`,
      ),
    );
  }
  return 'done';
}

/** Every selected operation no flow handled, writes first; what still cannot be called is skipped. */
export async function genericSteps(ctx: RunContext, handled: Set<string>): Promise<void> {
  const rest = [...ctx.operations.values()]
    .filter((op) => ctx.isSelected(op.operationId) && !handled.has(op.operationId))
    .sort((x, y) => (WRITE_FIRST[x.method] ?? 2) - (WRITE_FIRST[y.method] ?? 2));
  // Two rounds: an operation may need an id (a message, a list) that a later one creates.
  let pending = rest;
  for (let round = 0; round < 2 && pending.length > 0; round++) {
    const next: Operation[] = [];
    for (const op of pending) {
      const outcome = await genericStep(ctx, op);
      if (outcome !== 'done') {
        if (round === 1) ctx.recorder.add(skip(op.operationId, 'positive_data_acceptance', outcome));
        next.push(op);
      }
    }
    pending = next;
  }
  for (const op of pending) {
    for (const check of ['not_a_server_error', 'status_code_conformance', 'response_schema_conformance'] as const) {
      ctx.recorder.add(skip(op.operationId, check, 'the scenario could not call it (see positive_data_acceptance)'));
    }
  }
}
