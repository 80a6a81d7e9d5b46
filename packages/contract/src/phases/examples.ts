import { randomBytes } from 'node:crypto';
import { type MediaTypeObject, type Operation, resolveRef } from '@cohort/openapi';
import { skip } from '../checks/diagnostic.ts';
import { exampleAcceptance } from '../checks/example-acceptance.ts';
import type { RunContext } from '../context.ts';
import type { SendOptions } from '../http.ts';
import { outOfBandFields } from '../inputs.ts';

export interface ExampleRequest {
  /** How the report names it: `request body example`, `request body example "weekly"`, `query examples`. */
  name: string;
  query: NonNullable<SendOptions['query']>;
  body?: unknown;
}

type QueryValue = NonNullable<SendOptions['query']>[string];

/**
 * The requests an operation's examples make: each request-body example (`example`, each of
 * `examples`), with every query parameter's example. Path parameter examples name records only
 * the contract's author had (a note 41, a channel), so the run's own ids stand in for them.
 */
export function exampleRequests(ctx: RunContext, op: Operation): ExampleRequest[] {
  const query: Record<string, QueryValue> = {};
  for (const p of op.parameters) {
    if (p.in !== 'query') continue;
    const named = (p as { examples?: Record<string, { value?: unknown }> }).examples;
    const value = p.example ?? Object.values(named ?? {})[0]?.value;
    if (value !== undefined) query[p.name] = value as QueryValue;
  }
  const content = op.requestBody?.content ?? {};
  const key = Object.keys(content).find((k) => /json/i.test(k));
  const media: MediaTypeObject | undefined = key !== undefined ? content[key] : undefined;
  const bodies: { name: string; value: unknown }[] = [];
  if (media?.example !== undefined) bodies.push({ name: 'request body example', value: media.example });
  for (const [name, ref] of Object.entries(media?.examples ?? {})) {
    const example = resolveRef<{ value?: unknown }>(ctx.doc, ref);
    if (example.value !== undefined) bodies.push({ name: `request body example "${name}"`, value: example.value });
  }
  const withQuery = Object.keys(query).length > 0;
  if (bodies.length === 0)
    return withQuery ? [{ name: `query examples (${Object.keys(query).join(', ')})`, query }] : [];
  return bodies.map((b) => ({ name: withQuery ? `${b.name} with the query examples` : b.name, query, body: b.value }));
}

/**
 * Ids that only mean something to a member: a group (`chan_`) and a message (`msg_`) in an example
 * become the run's own group and a message the checker sent there. User ids are sent as written.
 */
function ownIds(value: unknown, ids: { chan?: string; msg?: string }): unknown {
  if (typeof value === 'string') {
    if (value.startsWith('chan_')) return ids.chan ?? value;
    if (value.startsWith('msg_')) return ids.msg ?? value;
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => ownIds(v, ids));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, ownIds(v, ids)]));
  }
  return value;
}

/** An operation that creates something unique by e-mail: it declares 201 and 409, as `register` does. */
const createsByEmail = (op: Operation) => op.responses['201'] !== undefined && op.responses['409'] !== undefined;

/**
 * An operation that creates something unique by e-mail gets its examples' e-mail addresses made
 * unique for this run (`ada+run1a2b@…`), so a second run against the same server is not refused
 * because the first took the address. Another operation's example naming one of those accounts
 * (`created`: `login` signs in the one `register` creates) gets the same address.
 */
export function uniqueEmails(op: Operation, value: unknown, tag: string, created?: ReadonlySet<string>): unknown {
  if (!createsByEmail(op) && !created?.size) return value;
  const walk = (v: unknown, key?: string): unknown => {
    if (typeof v === 'string' && key !== undefined && /e-?mail$/i.test(key)) {
      if (!createsByEmail(op) && !created?.has(v)) return v;
      return v.replace(/^([^@+]+)(?:\+[^@]*)?@/, `$1+run${tag}@`);
    }
    if (Array.isArray(v)) return v.map((x) => walk(x));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    return v;
  };
  return walk(value);
}

/** The e-mail addresses in an example body (fields named `email`/`e-mail`). */
function emailsIn(value: unknown, key?: string): string[] {
  if (typeof value === 'string') return key !== undefined && /e-?mail$/i.test(key) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((v) => emailsIn(v));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => emailsIn(v, k));
  return [];
}

/** A message of the first user's own in the run's group, for examples that act on one. */
async function freshMessage(ctx: RunContext): Promise<string | undefined> {
  if (!ctx.channelId || !ctx.a?.token || !ctx.op('sendMessage')) return undefined;
  const ex = await ctx.call('sendMessage', {
    params: { id: ctx.channelId },
    body: { message: 'Sent by cohort-contract for the examples phase.' },
    token: ctx.a.token,
    check: false,
  });
  const id = (ex?.response.json as { data?: { id?: unknown } } | undefined)?.data?.id;
  return typeof id === 'string' ? id : undefined;
}

/**
 * The examples phase: every request example in the contract is sent (as the first user) and must
 * succeed. Path ids, groups and messages are the run's own (see \`ownIds\`), a creating example's
 * e-mail is unique to the run (see \`uniqueEmails\`); everything else,
 * user ids included, is sent as written, so the examples must name users the seed has.
 */
export async function runExamples(ctx: RunContext): Promise<void> {
  const all = [...ctx.operations.values()];
  // Accounts an example creates come first: other examples (a sign-in) name them.
  const selected = all
    .filter((op) => ctx.isSelected(op.operationId))
    .sort((x, y) => Number(createsByEmail(y)) - Number(createsByEmail(x)));
  const cases = selected.map((op) => ({ op, requests: exampleRequests(ctx, op) }));
  const creating = all.filter(createsByEmail).map((op) => ({ op, requests: exampleRequests(ctx, op) }));
  const created = new Set(creating.flatMap(({ requests }) => requests.flatMap((r) => emailsIn(r.body))));
  const ids: { chan?: string; msg?: string } = { chan: ctx.channelId };
  const tag = randomBytes(4).toString('hex');
  // An example naming an account that an unselected operation's example creates: create it unrecorded.
  const named = new Set(cases.flatMap(({ requests }) => requests.flatMap((r) => emailsIn(r.body))));
  for (const { op, requests } of creating) {
    if (ctx.isSelected(op.operationId)) continue;
    for (const example of requests.filter((r) => emailsIn(r.body).some((e) => named.has(e))))
      await ctx.call(op.operationId, { query: example.query, body: uniqueEmails(op, example.body, tag), check: false });
  }
  for (const { op, requests } of cases) {
    if (requests.length === 0) {
      ctx.recorder.add(skip(op.operationId, 'example_acceptance', 'no request example (path ids are the run’s own)'));
      continue;
    }
    const params = ctx.pathParams(op);
    if (typeof params === 'string') {
      ctx.recorder.add(skip(op.operationId, 'example_acceptance', `no known value for path parameter ${params}`));
      continue;
    }
    const token = op.secured ? ctx.a?.token : undefined;
    if (op.secured && !token) continue;
    // The message is sent once, the first time a path or an example names one.
    if (ids.msg === undefined && JSON.stringify([params, requests]).includes('"msg_'))
      ids.msg = await freshMessage(ctx);
    for (const example of requests) {
      const ex = await ctx.call(op.operationId, {
        params: ownIds(params, ids) as typeof params,
        query: ownIds(example.query, ids) as ExampleRequest['query'],
        ...(example.body !== undefined ? { body: uniqueEmails(op, ownIds(example.body, ids), tag, created) } : {}),
        token,
      });
      if (ex) ctx.recorder.add(exampleAcceptance(op, ex, example.name, outOfBandFields(ctx, op)));
    }
  }
}
