import { credentialsIn, type ExampleCredential, exampleCredential } from '../checks/example-credentials.ts';
import type { RunContext } from '../context.ts';
import type { Exchange } from '../types.ts';

/** At most this many sign-ins and token reads: failed sign-ins count towards the server's limits. */
const MAX_TRIES = 6;

/**
 * Tries every credential the selected operations' examples carry, before the run creates anything:
 * a password signs in as the account beside it (or, alone, as each account a sign-in example
 * names); a token reads `getMe`. Each distinct secret is tried once.
 */
export async function runExampleCredentials(ctx: RunContext): Promise<void> {
  const all = [...ctx.operations.values()];
  const credentials = all.filter((op) => ctx.isSelected(op.operationId)).flatMap((op) => credentialsIn(ctx.doc, op));
  if (credentials.length === 0) return;
  // The accounts the contract's examples sign in as: a password with no e-mail beside it may open one of them.
  const accounts = new Map<string, string | undefined>();
  for (const c of all.flatMap((op) => credentialsIn(ctx.doc, op))) {
    if (c.kind === 'password' && c.email && !accounts.has(c.email)) accounts.set(c.email, c.university);
  }
  const tried = new Map<string, { ex: Exchange | undefined; account?: string }>();
  const attempt = async (key: string, send: () => Promise<Exchange | undefined>, account?: string) => {
    if (!tried.has(key) && tried.size < MAX_TRIES) tried.set(key, { ex: await send(), account });
    return tried.get(key);
  };
  for (const c of credentials) {
    const results: ({ ex: Exchange | undefined; account?: string } | undefined)[] = [];
    if (c.kind === 'token' && ctx.op('getMe')) {
      results.push(
        await attempt(`token ${c.secret}`, () => ctx.call('getMe', { token: c.secret, check: false, remember: false })),
      );
    }
    if (c.kind === 'password' && ctx.op('login')) {
      const owners = c.email ? [[c.email, c.university] as const] : [...accounts.entries()];
      for (const [email, university] of owners) {
        const body = { uniName: university ?? ctx.a?.university ?? '', email, password: c.secret };
        results.push(
          await attempt(
            `login ${email} ${c.secret}`,
            () => ctx.call('login', { body, check: false, remember: false }),
            email,
          ),
        );
      }
    }
    const done = results.filter((r): r is { ex: Exchange | undefined; account?: string } => r !== undefined);
    const worked = done.find((r) => r.ex && r.ex.response.status >= 200 && r.ex.response.status < 300);
    const shown = worked ?? done.find((r) => r.ex?.response.status === 429) ?? done[0];
    if (shown) ctx.recorder.add(exampleCredential(c as ExampleCredential, shown.ex, shown.account));
  }
}
