import { type OpenApiDocument, type Operation, resolveRef } from '@cohort/openapi';
import type { Diagnostic, Exchange } from '../types.ts';
import { fail, pass, skip } from './diagnostic.ts';

/** A secret an example of the contract carries: a password (with the account it may open) or a token. */
export interface ExampleCredential {
  operationId: string;
  /** `request body example`, `200 response example "weekly"`, `parameter token example`. */
  where: string;
  kind: 'password' | 'token';
  secret: string;
  /** The account a password belongs to: the e-mail and university beside it, if the example names them. */
  email?: string;
  university?: string;
}

type Named = { name: string; value: unknown };

/** Every example an operation shows: request bodies, parameters and responses (`example` and `examples`). */
export function examplesOf(doc: OpenApiDocument, op: Operation): Named[] {
  const out: Named[] = [];
  const media = (prefix: string, content: Record<string, { example?: unknown; examples?: unknown }> | undefined) => {
    for (const m of Object.values(content ?? {})) {
      if (m.example !== undefined) out.push({ name: `${prefix} example`, value: m.example });
      for (const [name, ref] of Object.entries((m.examples ?? {}) as Record<string, unknown>)) {
        const value = resolveRef<{ value?: unknown }>(doc, ref as Record<string, unknown>).value;
        if (value !== undefined) out.push({ name: `${prefix} example "${name}"`, value });
      }
    }
  };
  media('request body', op.requestBody?.content);
  for (const p of op.parameters) {
    if (p.example !== undefined) out.push({ name: `parameter ${p.name} example`, value: { [p.name]: p.example } });
  }
  for (const [status, response] of Object.entries(op.responses)) media(`${status} response`, response.content);
  return out;
}

const text = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);

/**
 * The credentials in one operation's examples. A password is the field a sign-in checks: `current_password`
 * where there is one, else `password` unless a `password_confirmation` beside it marks it a new password.
 * A token is any `…token` field (not `token_type`).
 */
export function credentialsIn(doc: OpenApiDocument, op: Operation): ExampleCredential[] {
  const found: ExampleCredential[] = [];
  const walk = (where: string, value: unknown, depth: number): void => {
    if (depth > 8 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const v of value.slice(0, 20)) walk(where, v, depth + 1);
      return;
    }
    const o = value as Record<string, unknown>;
    const password = text(o.current_password) ?? (o.password_confirmation === undefined ? text(o.password) : undefined);
    if (password) {
      const email = Object.entries(o).find(([k, v]) => /e-?mail$/i.test(k) && text(v))?.[1] as string | undefined;
      const university = text(o.uniName) ?? text(o.university_name);
      found.push({
        operationId: op.operationId,
        where,
        kind: 'password',
        secret: password,
        ...(email ? { email } : {}),
        ...(university ? { university } : {}),
      });
    }
    for (const [k, v] of Object.entries(o)) {
      if (/(^|_)token$/i.test(k) && text(v))
        found.push({ operationId: op.operationId, where, kind: 'token', secret: v as string });
      else walk(where, v, depth + 1);
    }
  };
  for (const example of examplesOf(doc, op)) walk(example.name, example.value, 0);
  return found;
}

/**
 * `example_credentials`: a password or token from an example that the server accepts (a sign-in
 * gives a token, a read with the token succeeds) is a real credential in public documentation:
 * Swagger UI's "Try it out" or any example replayer acts as that account.
 */
export function exampleCredential(
  credential: ExampleCredential,
  exchange: Exchange | undefined,
  account?: string,
): Diagnostic {
  const id = credential.operationId;
  if (!exchange) return skip(id, 'example_credentials', `${credential.where}: no answer`);
  const { status } = exchange.response;
  if (status === 429) return skip(id, 'example_credentials', `${credential.where}: rate limited (429)`);
  if (status < 200 || status >= 300) return pass(id, 'example_credentials');
  const what =
    credential.kind === 'password'
      ? `a password that signs in as ${account ?? credential.email ?? 'an account'}`
      : 'a token the server accepts';
  return fail(id, 'example_credentials', `the ${credential.where} carries a working credential: ${what}`, exchange, {
    schemaPath: `${credential.where} ${credential.kind}`,
    expected: 'refused (a placeholder, or an account no server has)',
    actual: status,
  });
}
