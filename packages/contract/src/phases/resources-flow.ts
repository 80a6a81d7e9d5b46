import type { RunContext } from '../context.ts';
import { acceptance, listIds, ok } from './answers.ts';

/** Every resource kind listed (tag ids kept for request bodies), then one page of clubs. */
export async function resourcesFlow(ctx: RunContext, handled: Set<string>): Promise<void> {
  const op = ctx.op('listResources');
  if (!op) return;
  handled.add('listResources');
  const kinds = ctx.requests.deref(op.parameters.find((p) => p.name === 'resource')?.schema ?? {}).enum;
  for (const resource of Array.isArray(kinds) ? kinds : ['Club']) {
    const ex = await ctx.call('listResources', { query: { resource: String(resource) }, token: ctx.a?.token });
    acceptance(ctx, op, ex, `listing resource ${resource}`);
    // Tag ids are what request bodies reference by integer id (a channel's tags); the fuzzer reuses them.
    const ids = ok(ex) ? listIds(ex)?.filter((id) => typeof id === 'number') : undefined;
    if (resource === 'Tag' && ids && ids.length > 0) ctx.refs.set('IntId', ids);
  }
  const paged = await ctx.call('listResources', {
    query: { resource: 'Club', page: 1, per_page: 5 },
    token: ctx.a?.token,
  });
  acceptance(ctx, op, paged, 'listing a page of clubs');
}
