import type { Operation, ParameterObject } from '@cohort/openapi';
import type { RunContext } from '../context.ts';
import { baseRequest, pool } from './negative.ts';

/**
 * Requests meant to provoke a declared error status, so that one the server never returns is a
 * finding (status_coverage): an unknown but well-formed id in the path (404), a malformed
 * percent-escape in it (400), registering an e-mail that is taken (409).
 */

/** A well-formed id that no server has: the schema's prefix and pattern, or a large integer. */
export function unknownId(ctx: RunContext, op: Operation, param: ParameterObject): string | number | undefined {
  const schema = ctx.requests.deref(param.schema ?? {});
  const prefix = /^\^([a-z]+)_/.exec(String(schema.pattern ?? ''))?.[1];
  const candidate = schema.type === 'integer' ? 987654321 : prefix ? `${prefix}_ContractNoSuchRecord0` : undefined;
  const fits = ctx.requests.validator(`path ${op.operationId} ${param.name}`, param.schema ?? {}) as (
    v: unknown,
  ) => boolean;
  return candidate !== undefined && fits(candidate) ? candidate : undefined;
}

export function note(ctx: RunContext, operationId: string, status: number, what: string): void {
  const map = ctx.provoked.get(operationId) ?? new Map<number, string>();
  map.set(status, what);
  ctx.provoked.set(operationId, map);
}

/** Why the run sends nothing for a declared status, for the coverage report (a phase knows best). */
export function unreached(ctx: RunContext, operationId: string, status: number, why: string): void {
  const map = ctx.unreached.get(operationId) ?? new Map<number, string>();
  if (!map.has(status)) map.set(status, why);
  ctx.unreached.set(operationId, map);
}

async function pathProvocations(ctx: RunContext, op: Operation): Promise<void> {
  const path = op.parameters.filter((p) => p.in === 'path');
  if (path.length === 0 || (op.secured && !ctx.a?.token)) return;
  const base = baseRequest(ctx, op);
  const token = op.secured ? ctx.a?.token : undefined;
  const unknown = path.map((p) => [p.name, unknownId(ctx, op, p)] as const);
  if (op.responses['404'] && unknown.every(([, id]) => id !== undefined)) {
    const params: Record<string, string | number> = {
      ...base.params,
      ...(Object.fromEntries(unknown) as Record<string, string | number>),
    };
    note(ctx, op.operationId, 404, 'an unknown, well-formed id in the path');
    await ctx.call(op.operationId, { ...base, params, token, remember: false });
  } else if (op.responses['404']) {
    unreached(
      ctx,
      op.operationId,
      404,
      'no id in the path is sure to be unknown: its schema has no prefix or integer type',
    );
  }
  const first = path[0] as ParameterObject;
  if (op.responses['400']) {
    note(ctx, op.operationId, 400, 'a malformed percent-escape (%zz) in the path');
    const params = { ...base.params, [first.name]: '%zz' };
    await ctx.call(op.operationId, { ...base, params, token, rawParams: true, remember: false });
  }
}

/** Registering the first user's e-mail again: the address is taken. */
async function takenEmail(ctx: RunContext): Promise<void> {
  const op = ctx.op('register');
  if (!op || !ctx.isSelected('register') || !op.responses['409'] || !ctx.a?.email) return;
  const base = baseRequest(ctx, op);
  if (!base.body || typeof base.body !== 'object') return;
  note(ctx, 'register', 409, "the first user's e-mail, already registered");
  await ctx.call('register', { body: { ...base.body, email: ctx.a.email }, remember: false });
}

export async function runProvocations(ctx: RunContext, concurrency: number): Promise<void> {
  const selected = [...ctx.operations.values()].filter((op) => ctx.isSelected(op.operationId));
  // Nothing here succeeds on a conformant server, so the operations run side by side.
  await pool(selected, concurrency, (op) => pathProvocations(ctx, op));
  await takenEmail(ctx);
}
