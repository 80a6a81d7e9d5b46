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

/** A body the contract accepts for this operation, or undefined when none could be made. */
export function validBody(ctx: RunContext, op: Operation): unknown {
  const schema = jsonRequestSchema(op);
  if (schema === undefined) return undefined;
  const candidates: unknown[] = [BODIES[op.operationId]?.(ctx)].flat();
  const content = op.requestBody?.content ?? {};
  for (const media of Object.values(content)) {
    candidates.push(media.example, ...Object.values(media.examples ?? {}).map((e) => e.value));
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
