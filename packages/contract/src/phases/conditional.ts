import type { Operation } from '@cohort/openapi';
import type { RunContext } from '../context.ts';
import { requiredQuery } from '../inputs.ts';
import { ok } from './answers.ts';
import { pool } from './negative.ts';

/** GETs that change state (the deprecated GET logout) are never repeated for a 304. */
const UNSAFE_GETS = new Set(['logoutViaGet']);

const isStream = (op: Operation) =>
  Object.values(op.responses).some((r) => Object.keys(r.content ?? {}).some((t) => t.startsWith('text/event-stream')));

/**
 * Conditional GETs: each readable GET is sent again with `If-None-Match` set to the ETag it
 * answered, as a browser revalidates its cache. The answer (a 304, or a 200 from a server without
 * validators) goes through the usual checks, so an undocumented 304 or one without its ETag is a
 * finding. A first answer without an ETag means the server does not do this: nothing to check.
 */
export async function runConditionalGets(ctx: RunContext, concurrency: number): Promise<void> {
  const gets = [...ctx.operations.values()].filter(
    (op) => op.method === 'get' && ctx.isSelected(op.operationId) && !UNSAFE_GETS.has(op.operationId) && !isStream(op),
  );
  await pool(gets, concurrency, async (op) => {
    const params = ctx.pathParams(op);
    if (typeof params === 'string') return;
    const token = op.secured ? ctx.a?.token : undefined;
    if (op.secured && !token) return;
    const request = { params, query: requiredQuery(ctx, op), token };
    const first = await ctx.call(op.operationId, request);
    const etag = first?.response.headers.etag;
    if (!ok(first) || etag === undefined) return;
    await ctx.call(op.operationId, { ...request, headers: { 'if-none-match': etag } });
  });
}
