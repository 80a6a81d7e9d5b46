import type { Operation } from '@cohort/openapi';
import { skip } from '../checks/diagnostic.ts';
import { crossUserDelete, crossUserSurvives, ignoredAuth } from '../checks/ignored-auth.ts';
import { negativeDataRejection } from '../checks/negative-data-rejection.ts';
import { lengthAccepted, positiveDataAcceptance } from '../checks/positive-data-acceptance.ts';
import { unsupportedMethod } from '../checks/unsupported-method.ts';
import type { Account, RunContext } from '../context.ts';
import { arbitraryFor, sample } from '../generate.ts';
import { isValidBody, jsonRequestSchema, outOfBandFields, requiredQuery, validBody } from '../inputs.ts';
import { atMaxLength, bodyMutations, boundBreakers, wrongTypeValue } from '../mutate.ts';
import { listContains } from './answers.ts';
import { createItem, ITEM_FLOWS, type ItemFlow, idParam } from './item-flows.ts';

/** Path values for probes: known ids first, then the contract's example or a generated value. */
export function probeParams(ctx: RunContext, op: Operation): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const p of op.parameters.filter((p) => p.in === 'path')) {
    const known = ctx.pathValue(p);
    const fallback = p.example ?? sample(arbitraryFor(ctx.requests, p.schema ?? {}), ctx.seed, 1)[0];
    params[p.name] = (known ?? fallback) as string | number;
  }
  return params;
}

/** A request that is valid in every way except the one the probe changes. */
export function baseRequest(ctx: RunContext, op: Operation) {
  return {
    params: probeParams(ctx, op),
    query: requiredQuery(ctx, op),
    body: op.requestBody ? validBody(ctx, op) : undefined,
  };
}

/** Protected operations without a token, with a garbage one, and (later) with a revoked one. */
export async function authProbes(
  ctx: RunContext,
  op: Operation,
  tokens: [string | undefined, string][],
): Promise<void> {
  if (!op.secured) {
    ctx.recorder.add(skip(op.operationId, 'ignored_auth', 'the operation is public'));
    return;
  }
  const base = baseRequest(ctx, op);
  for (const [token, how] of tokens) {
    const ex = await ctx.call(op.operationId, { ...base, token });
    if (ex) ctx.recorder.add(ignoredAuth(op, ex, how));
  }
}

async function bodyProbes(ctx: RunContext, op: Operation): Promise<void> {
  const schema = jsonRequestSchema(op);
  if (schema === undefined) return;
  const token = op.secured ? ctx.a?.token : undefined;
  const base = baseRequest(ctx, op);
  const valid = base.body;
  if (valid === undefined || typeof valid !== 'object' || Array.isArray(valid) || valid === null) {
    ctx.recorder.add(skip(op.operationId, 'negative_data_rejection', 'no valid object body to start from'));
    return;
  }
  for (const mutation of bodyMutations(ctx.requests, schema, valid as Record<string, unknown>)) {
    // A fresh valid base for each case, so state-dependent bodies (a new e-mail) stay valid elsewhere.
    const fresh = (validBody(ctx, op) ?? valid) as Record<string, unknown>;
    const body = mutation.apply(fresh);
    if (isValidBody(ctx, op, body)) continue;
    const ex = await ctx.call(op.operationId, { params: base.params, query: base.query, body, token });
    if (!ex) continue;
    ctx.recorder.add(
      negativeDataRejection(op, ex, {
        description: mutation.description,
        field: mutation.field || undefined,
        key: `body ${mutation.field} ${mutation.kind}`,
      }),
    );
  }
  // The other side of each length bound: a text field at exactly its maxLength is accepted. Only
  // with a token (sign-in and registration would spend their per-address limits on it), and not
  // where a field is out of band (the current password): no generated body can be valid there.
  const outOfBand = outOfBandFields(ctx, op);
  const needsSecret = Object.keys((ctx.requests.deref(schema).properties ?? {}) as object).some(outOfBand);
  if (token !== undefined && !needsSecret) {
    for (const { field, maxLength, value } of atMaxLength(ctx.requests, schema)) {
      const fresh = (validBody(ctx, op) ?? valid) as Record<string, unknown>;
      const body = { ...fresh, [field]: value };
      if (!isValidBody(ctx, op, body)) continue;
      const ex = await ctx.call(op.operationId, { params: base.params, query: base.query, body, token });
      if (ex) ctx.recorder.add(lengthAccepted(op, ex, field, maxLength));
    }
  }
  const ex = await ctx.call(op.operationId, {
    params: base.params,
    query: base.query,
    rawBody: '{"not json',
    token,
  });
  if (ex) {
    ctx.recorder.add(
      negativeDataRejection(op, ex, {
        description: 'a body that is not JSON',
        statuses: [400, 422],
        key: 'malformed JSON',
      }),
    );
  }
}

async function queryProbes(ctx: RunContext, op: Operation): Promise<void> {
  const token = op.secured ? ctx.a?.token : undefined;
  const base = baseRequest(ctx, op);
  for (const p of op.parameters.filter((p) => p.in === 'query')) {
    const schema = ctx.requests.deref(p.schema ?? {});
    const validate = ctx.requests.validator(`${op.operationId} query ${p.name}`, p.schema ?? {});
    const cases: { kind: string; value: unknown }[] = [];
    if (p.required) cases.push({ kind: 'missing', value: undefined });
    const wrong = wrongTypeValue(schema);
    // In a query string every value is text, so only a non-numeric text for a number is a wrong type.
    if (wrong !== undefined && (schema.type === 'integer' || schema.type === 'number')) {
      cases.push({ kind: 'wrong type', value: 'abc' });
    }
    cases.push(...boundBreakers(schema));
    for (const c of cases) {
      if (c.value !== undefined && (validate as (v: unknown) => boolean)(c.value)) continue;
      const query = { ...base.query } as Record<string, string | number | boolean | undefined>;
      if (c.value === undefined) delete query[p.name];
      else query[p.name] = c.value as string | number;
      const ex = await ctx.call(op.operationId, { params: base.params, query, body: base.body, token });
      if (!ex) continue;
      const shown =
        typeof c.value === 'string' && c.value.length > 20 ? `${c.value.length} chars` : JSON.stringify(c.value);
      ctx.recorder.add(
        negativeDataRejection(op, ex, {
          description:
            c.value === undefined ? `query ${p.name} missing` : `query ${p.name} breaks ${c.kind} (${shown})`,
          field: p.name,
          key: `query ${p.name} ${c.kind}`,
        }),
      );
    }
  }
}

async function pathProbes(ctx: RunContext, op: Operation): Promise<void> {
  const token = op.secured ? ctx.a?.token : undefined;
  const base = baseRequest(ctx, op);
  for (const p of op.parameters.filter((p) => p.in === 'path')) {
    const schema = ctx.requests.deref(p.schema ?? {});
    const bad = schema.type === 'integer' ? 'abc' : typeof schema.pattern === 'string' ? 'not-an-id' : undefined;
    if (bad === undefined) continue;
    const ex = await ctx.call(op.operationId, { ...base, params: { ...base.params, [p.name]: bad }, token });
    if (!ex) continue;
    // A malformed id in the path is as unknown as a missing one: 404 and 422 are both documented answers.
    ctx.recorder.add(
      negativeDataRejection(op, ex, {
        description: `path ${p.name} ${JSON.stringify(bad)} (does not match the schema)`,
        statuses: [400, 404, 422],
        key: `path ${p.name}`,
      }),
    );
  }
}

const PROBE_METHODS = ['get', 'put', 'patch', 'delete', 'post', 'head'];

/** Every method a path does not declare is probed (HEAD only where there is no GET, which serves it). */
export function undeclaredMethods(declared: string[]): string[] {
  return PROBE_METHODS.filter((m) => !declared.includes(m) && !(m === 'head' && declared.includes('get')));
}

async function methodProbes(ctx: RunContext, selected: Operation[]): Promise<void> {
  const byPath = new Map<string, Operation[]>();
  for (const op of ctx.operations.values()) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  const paths = [...new Set(selected.map((op) => op.path))];
  const probes = paths.flatMap((path) => {
    const siblings = byPath.get(path) ?? [];
    return undeclaredMethods(siblings.map((s) => s.method)).map((method) => ({ path, method, siblings }));
  });
  // Nothing a conformant server does with these changes state, so they run side by side.
  await pool(probes, 8, async ({ path, method, siblings }) => {
    const first = siblings[0] as Operation;
    const params = probeParams(ctx, first);
    const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
    const ex = await ctx.http.send({ method, path: url, ...(ctx.a?.token ? { token: ctx.a.token } : {}) });
    const declared = siblings.map((s) => s.method);
    for (const sibling of siblings) {
      if (ctx.isSelected(sibling.operationId)) ctx.recorder.add(unsupportedMethod(sibling, ex, declared));
    }
  });
}

async function crossUserProbes(ctx: RunContext): Promise<void> {
  const { a, b } = ctx;
  if (!a?.token || !b?.token) return;
  // The four kinds of item are independent, so their probes run side by side.
  await Promise.all(ITEM_FLOWS.map((flow) => crossUserProbe(ctx, a, b, flow)));
}

/** The second user's item: the first may read it, must not delete it, and it must survive the attempt. */
async function crossUserProbe(ctx: RunContext, a: Account, b: Account, flow: ItemFlow): Promise<void> {
  const remove = ctx.op(flow.remove);
  if (!remove || !ctx.isSelected(flow.remove) || !a.token) return;
  const created = await createItem(ctx, flow, b);
  if (!created) {
    ctx.recorder.add(skip(flow.remove, 'ignored_auth', `the second user could not create a ${flow.noun}`));
    return;
  }
  // Profiles are readable by others: the first user reads the second one's list and finds the item.
  const list = ctx.op(flow.list);
  if (list && b.id) {
    const params = { [idParam(list)]: b.id };
    const read = await ctx.call(flow.list, { params, token: a.token });
    if (read) ctx.recorder.add(positiveDataAcceptance(list, read, `reading another user's ${flow.noun}s`, true));
  }
  const ex = await ctx.call(flow.remove, { params: { [idParam(remove)]: created.id }, token: a.token });
  if (!ex) return;
  ctx.recorder.add(crossUserDelete(remove, ex, flow.noun));
  const after = await listContains(ctx, flow.list, b, created.id, false);
  if (after.contains !== undefined) {
    ctx.recorder.add(crossUserSurvives(remove, after.contains, flow.noun, created.id, ex));
  }
}

/** The negative phase: auth, another user's items, forbidden input, undocumented methods. */
export async function runNegative(ctx: RunContext, concurrency: number): Promise<void> {
  const selected = [...ctx.operations.values()].filter((op) => ctx.isSelected(op.operationId));
  // Probes of different operations are independent (none succeeds on a conformant server), so they run side by side.
  await pool(selected, concurrency, async (op) => {
    await authProbes(ctx, op, [
      [undefined, 'no token'],
      ['garbage-token-0000000000000000000000000000', 'a garbage token'],
    ]);
    await bodyProbes(ctx, op);
    await queryProbes(ctx, op);
    await pathProbes(ctx, op);
  });
  await crossUserProbes(ctx);
  await methodProbes(ctx, selected);
}

/** Runs `work` over `items` in order with at most `concurrency` in flight; items are drawn as a slot frees up. */
export async function pool<T>(
  items: Iterable<T>,
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const iterator = items[Symbol.iterator]();
  const workers = Array.from({ length: Math.max(1, concurrency) }, async () => {
    for (let next = iterator.next(); !next.done; next = iterator.next()) await work(next.value);
  });
  await Promise.all(workers);
}
