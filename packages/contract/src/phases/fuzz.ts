import type { Operation } from '@cohort/openapi';
import fc from 'fast-check';
import { skip } from '../checks/diagnostic.ts';
import { negativeDataRejection } from '../checks/negative-data-rejection.ts';
import { positiveDataAcceptance } from '../checks/positive-data-acceptance.ts';
import type { CallOptions, RunContext } from '../context.ts';
import { arbitraryFor, sample } from '../generate.ts';
import { isValidBody, jsonRequestSchema, proseRuleFields } from '../inputs.ts';
import { bodyMutations, boundBreakers } from '../mutate.ts';
import { pool, probeParams } from './negative.ts';

interface FuzzCase {
  valid: boolean;
  description: string;
  options: CallOptions;
}

const RATE_LIMITED_CASES = 10;

type Query = Record<string, string | number | boolean | (string | number)[] | undefined>;

/** A stable per-operation seed, so `--operations` does not change the cases of the others. */
function opSeed(seed: number, operationId: string): number {
  let h = seed | 0;
  for (const ch of operationId) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

function queryArbitrary(ctx: RunContext, op: Operation): fc.Arbitrary<Query> {
  const params = op.parameters.filter((p) => p.in === 'query');
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of params) model[p.name] = arbitraryFor(ctx.requests, p.schema ?? {}, 0, ctx.refs);
  return fc.record(model, { requiredKeys: params.filter((p) => p.required).map((p) => p.name) }) as fc.Arbitrary<Query>;
}

function queryValid(ctx: RunContext, op: Operation, query: Query): boolean {
  return op.parameters
    .filter((p) => p.in === 'query')
    .every((p) => {
      const value = query[p.name];
      if (value === undefined) return !p.required;
      return ctx.requests.validator(`${op.operationId} query ${p.name}`, p.schema ?? {})(value) === true;
    });
}

/** What one operation's cases need from the run, read before any case is sent. */
interface FuzzPlan {
  op: Operation;
  count: number;
  params: Record<string, string | number>;
  token: string | undefined;
}

/** Seeded cases for one operation: about half valid, half broken in one place. */
function buildCases(ctx: RunContext, plan: FuzzPlan, seed: number): FuzzCase[] {
  const { op, count, params, token } = plan;
  const schema = jsonRequestSchema(op);
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const bodies = schema !== undefined ? sample(arbitraryFor(ctx.requests, schema, 0, ctx.refs), seed, count) : [];
  const queries = queryParams.length > 0 ? sample(queryArbitrary(ctx, op), seed + 1, count) : [];
  const picks = sample(fc.tuple(fc.boolean(), fc.nat(), fc.nat()), seed + 2, count);
  const cases: FuzzCase[] = [];
  for (let i = 0; i < count; i++) {
    const [breakIt, which, where] = picks[i] ?? [false, 0, 0];
    let body = bodies[i];
    const query: Query = { ...(queries[i] ?? {}) };
    let description = 'generated valid request';
    if (breakIt) {
      const bodyMutationsList =
        schema !== undefined && body && typeof body === 'object' && !Array.isArray(body)
          ? bodyMutations(ctx.requests, schema, body as Record<string, unknown>)
          : [];
      const queryBreaks = queryParams.flatMap((p) =>
        boundBreakers(ctx.requests.deref(p.schema ?? {})).map((b) => ({ name: p.name, ...b })),
      );
      const useBody = bodyMutationsList.length > 0 && (queryBreaks.length === 0 || where % 2 === 0);
      if (useBody) {
        const m = bodyMutationsList[which % bodyMutationsList.length];
        if (m) {
          body = m.apply(body as Record<string, unknown>);
          description = `generated request with ${m.description}`;
        }
      } else if (queryBreaks.length > 0) {
        const b = queryBreaks[which % queryBreaks.length];
        if (b) {
          query[b.name] = b.value as string | number;
          description = `generated request with query ${b.name} breaking ${b.kind}`;
        }
      }
    }
    // The verdict comes from Ajv, never from the generator's intent.
    const valid = (schema === undefined || isValidBody(ctx, op, body)) && queryValid(ctx, op, query);
    if (!valid && description === 'generated valid request') description = 'generated request (invalid)';
    cases.push({
      valid,
      description,
      options: { params, query, ...(schema !== undefined ? { body } : {}), token },
    });
  }
  return cases;
}

/**
 * The fuzz phase: valid and invalid bodies and query values from each request schema. A 5xx, a
 * non-JSON error, a body that breaks its schema, a valid input rejected or an invalid one accepted
 * is a failure, reported with the request that caused it.
 */
export async function runFuzz(ctx: RunContext, count: number, concurrency: number): Promise<void> {
  const selected = [...ctx.operations.values()].filter((op) => ctx.isSelected(op.operationId));
  // Logout would revoke the token the other cases use; it is exercised by the scenario instead.
  const targets = selected.filter((op) => op.operationId !== 'logout');
  const plans: FuzzPlan[] = [];
  for (const op of targets) {
    const hasInput = jsonRequestSchema(op) !== undefined || op.parameters.some((p) => p.in === 'query');
    if (!hasInput) continue;
    if (op.secured && !ctx.a?.token) {
      ctx.recorder.add(skip(op.operationId, 'positive_data_acceptance', 'fuzz: no signed-in user'));
      continue;
    }
    // An operation that documents 429 is rate-limited (sign-in, registration): a burst would trip the
    // limiter and test nothing, and on a real server would lock the account out.
    const n = op.responses['429'] ? Math.min(count, RATE_LIMITED_CASES) : count;
    plans.push({ op, count: n, params: probeParams(ctx, op), token: op.secured ? ctx.a?.token : undefined });
  }
  // An operation's cases are drawn when the pool reaches it (the ids and token they use were read
  // above, as before any request): drawing them is CPU the server's answers can overlap.
  function* jobs(): Generator<{ op: Operation; c: FuzzCase }> {
    for (const plan of plans) {
      for (const c of buildCases(ctx, plan, opSeed(ctx.seed, plan.op.operationId))) yield { op: plan.op, c };
    }
  }
  await pool(jobs(), concurrency, async ({ op, c }) => {
    const ex = await ctx.call(op.operationId, c.options);
    if (!ex) return;
    if (c.valid) {
      ctx.recorder.add(positiveDataAcceptance(op, ex, c.description, false, c.options.body, proseRuleFields(ctx, op)));
    } else {
      ctx.recorder.add(
        negativeDataRejection(op, ex, {
          description: c.description,
          // A generated value may break several rules at once, so no single field is required.
          statuses: op.responses['422'] ? [400, 422] : undefined,
          key: `fuzz ${c.description.replace(/\(.*\)/, '').trim()}`,
        }),
      );
    }
  });
}
