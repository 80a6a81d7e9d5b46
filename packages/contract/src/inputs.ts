import { randomBytes } from 'node:crypto';
import type { Operation } from '@cohort/openapi';
import type { RunContext } from './context.ts';
import { arbitraryFor, sample } from './generate.ts';

type Body = Record<string, unknown>;

function tag(): string {
  return randomBytes(4).toString('hex');
}

/**
 * Hand-written valid bodies for the operations whose success depends on state (a fresh e-mail,
 * the signed-in user's credentials, an existing member). Anything else falls back to the
 * contract's example, then to a generated value; every body is checked against the contract.
 */
const BODIES: Record<string, (ctx: RunContext) => Body | Body[] | undefined> = {
  register: () => {
    const t = tag();
    return {
      university_name: 'Cohort Conformance University',
      email: `contract-${t}@conformance.cohort.test`,
      password: `pw-${t}`,
      graduation_year: 2026,
    };
  },
  login: (ctx) => ctx.a && { uniName: ctx.a.university, email: ctx.a.email, password: ctx.a.password },
  storeNote: () => ({
    title: `Conformance note ${tag()}`,
    note: 'Written by cohort-contract.',
    date: new Date().toISOString().slice(0, 10),
  }),
  storeClub: () => ({ name: `Conformance Club ${tag()}`, position: 'Member' }),
  storeInterest: () => ({ name: `Conformance Interest ${tag()}` }),
  storeDirection: () => ({ name: `Conformance Direction ${tag()}` }),
  storeExperience: () => ({
    uni_name: 'Cohort Conformance University',
    concern: 'Conformance',
    year: 2026,
    degree: 'MBA',
  }),
  // With the second user as a member; without, when that user's id is unusable.
  storeChannel: (ctx) =>
    [ctx.b?.id ? [ctx.b.id] : [], []].map((users) => ({
      name: `Conformance ${tag()}`,
      description: 'A group created by cohort-contract.',
      tags: [],
      is_closed: false,
      users,
    })),
};

export function jsonRequestSchema(op: Operation): unknown {
  const content = op.requestBody?.content ?? {};
  const key = Object.keys(content).find((k) => /json/i.test(k));
  return key !== undefined ? content[key]?.schema : undefined;
}

export function isValidBody(ctx: RunContext, op: Operation, body: unknown): boolean {
  const schema = jsonRequestSchema(op);
  if (schema === undefined) return false;
  return ctx.requests.validator(`${op.operationId} body`, schema)(body) === true;
}

const PREFIXED = /^(usr|chan|msg)_[A-Za-z0-9_-]{16,}$/;

const UNKNOWN = Symbol('unknown id');

function knownId(ctx: RunContext, value: string): string | typeof UNKNOWN {
  const prefix = PREFIXED.exec(value)?.[1];
  if (prefix === 'usr') return ctx.b?.id ?? ctx.a?.id ?? UNKNOWN;
  if (prefix === 'chan') return ctx.channelId ?? ctx.seenIds.get('chan')?.at(-1) ?? UNKNOWN;
  if (prefix === 'msg') return ctx.seenIds.get('msg')?.at(-1) ?? UNKNOWN;
  return value;
}

/**
 * The contract's examples name fictional ids: each is swapped for one this server returned, and a
 * field whose id has no counterpart is left out (the caller re-validates, so a required one falls
 * back to the next candidate).
 */
export function withKnownIds(ctx: RunContext, value: unknown): unknown {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return knownId(ctx, v);
    if (Array.isArray(v)) return [...new Set(v.map(walk).filter((x) => x !== UNKNOWN))];
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.entries(v)
          .map(([k, x]) => [k, walk(x)] as const)
          .filter(([, x]) => x !== UNKNOWN),
      );
    }
    return v;
  };
  const out = walk(value);
  return out === UNKNOWN ? value : out;
}

/** A body the contract accepts for this operation, or undefined when none could be made. */
export function validBody(ctx: RunContext, op: Operation): unknown {
  const schema = jsonRequestSchema(op);
  if (schema === undefined) return undefined;
  const candidates: unknown[] = [BODIES[op.operationId]?.(ctx)].flat();
  const content = op.requestBody?.content ?? {};
  for (const media of Object.values(content)) {
    const examples = [media.example, ...Object.values(media.examples ?? {}).map((e) => e.value)];
    for (const example of examples) if (example !== undefined) candidates.push(withKnownIds(ctx, example), example);
  }
  for (const candidate of candidates) {
    if (candidate !== undefined && isValidBody(ctx, op, candidate)) return structuredClone(candidate);
  }
  return sample(arbitraryFor(ctx.requests, schema), ctx.seed, 20).find((v) => isValidBody(ctx, op, v));
}

/** Values for the required query parameters (example, enum, default, then generated). */
export function requiredQuery(ctx: RunContext, op: Operation): Record<string, string | number | boolean> {
  const query: Record<string, string | number | boolean> = {};
  for (const p of op.parameters.filter((p) => p.in === 'query' && p.required)) {
    const schema = ctx.requests.deref(p.schema ?? {});
    const value =
      p.example ??
      (Array.isArray(schema.enum) ? schema.enum[0] : undefined) ??
      schema.default ??
      sample(arbitraryFor(ctx.requests, schema), ctx.seed, 1)[0];
    if (value !== undefined) query[p.name] = value as string | number | boolean;
  }
  return query;
}

/**
 * Request fields the contract marks `x-out-of-band: true`: their value reaches the client outside
 * the API (a mailed link's token), so no example or generated input can know a valid one.
 */
export function outOfBandFields(ctx: RunContext, op: Operation): (field: string) => boolean {
  const schema = ctx.requests.deref(jsonRequestSchema(op) ?? {});
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const marked = new Set(
    Object.entries(properties)
      .filter(([, p]) => (ctx.requests.deref(p) as Record<string, unknown>)['x-out-of-band'] === true)
      .map(([name]) => name),
  );
  return (field) => marked.has(field);
}

/**
 * Fields the request schema's prose names in backticks (they carry a rule the schema cannot
 * express), and `x-out-of-band` ones (only the user knows a valid value, e.g. their current password).
 */
export function proseRuleFields(ctx: RunContext, op: Operation): (field: string) => boolean {
  const outOfBand = outOfBandFields(ctx, op);
  const schema = ctx.requests.deref(jsonRequestSchema(op) ?? {});
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const prose = [schema.description, ...Object.values(properties).map((p) => ctx.requests.deref(p).description)]
    .filter((d): d is string => typeof d === 'string')
    .join('\n');
  return (field) => outOfBand(field) || (field.length > 0 && prose.includes(`\`${field}\``));
}
