import type { Operation } from '@cohort/openapi';
import { positiveDataAcceptance } from '../checks/positive-data-acceptance.ts';
import type { Account, RunContext } from '../context.ts';
import type { Exchange } from '../types.ts';

// Reading the server's answers during the scenario: success, the envelope's data, ids, lists.

export const ok = (ex: Exchange | undefined): boolean =>
  ex !== undefined && ex.response.status >= 200 && ex.response.status < 300;

export function dataOf(ex: Exchange | undefined): unknown {
  const json = ex?.response.json as { data?: unknown } | undefined;
  return json && typeof json === 'object' && !Array.isArray(json) ? json.data : undefined;
}

export function idOf(ex: Exchange | undefined): string | number | undefined {
  const data = dataOf(ex) as { id?: unknown } | undefined;
  const id = data?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

export function listIds(ex: Exchange | undefined): unknown[] | undefined {
  const data = dataOf(ex) ?? ex?.response.json;
  if (Array.isArray(data)) return data.map((item) => (item as { id?: unknown })?.id);
  const page = (data as { data?: unknown } | undefined)?.data;
  return Array.isArray(page) ? page.map((item) => (item as { id?: unknown })?.id) : undefined;
}

/** A valid request answered with anything but a success is a rejected valid input. */
export function acceptance(ctx: RunContext, op: Operation, ex: Exchange | undefined, what: string): void {
  if (ex) ctx.recorder.add(positiveDataAcceptance(op, ex, what, true));
}

export async function listContains(
  ctx: RunContext,
  listOpId: string,
  account: Account,
  id: unknown,
  check = true,
): Promise<{ contains: boolean | undefined; ex: Exchange | undefined }> {
  const list = ctx.op(listOpId);
  if (!list || !account.token) return { contains: undefined, ex: undefined };
  const params = ctx.pathParams(list);
  if (typeof params === 'string') return { contains: undefined, ex: undefined };
  const pathUser = list.parameters.find((p) => p.in === 'path');
  if (pathUser && account.id) params[pathUser.name] = account.id;
  const ex = await ctx.call(listOpId, { params, token: account.token, check });
  // A valid read of the user's own list must succeed; a 401/404 here is a failure, not a skipped effect.
  acceptance(ctx, list, ex, `reading the user's own ${listOpId} list`);
  // Compared as text: a list that returns ids with the wrong type is a schema failure, reported there.
  const ids = ok(ex) ? listIds(ex)?.map(String) : undefined;
  return { contains: ids ? ids.includes(String(id)) : undefined, ex };
}
