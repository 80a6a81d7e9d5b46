import { listOperations, loadContract, type Operation } from '@cohort/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, SEEDED_PASSWORD } from '../src/seed/index.ts';
import { startServer, type TestServer } from './helpers.ts';

/**
 * The contract's examples replayed against a freshly seeded mock, as Swagger UI's "Try it out",
 * Prism or Dredd would: every path, query and JSON body example is sent as it stands. Examples act
 * as the demo account, except the ones that sign in, change a password or delete an account: they
 * name the account `register`'s example creates, which this test signs up first from that example
 * (the decision: a replayer must never be able to lock out or delete the seeded demo account).
 */
const doc = loadContract();
const operations = listOperations(doc);
const AS_REGISTERED = new Set(['login', 'changePassword', 'deleteAccount']);
/** Operations left out: streams never end; an upload's body is a file, not a JSON example. */
const isStream = (op: Operation) =>
  Object.values(op.responses).some((r) => r.content && 'text/event-stream' in r.content);
const jsonBody = (op: Operation) => op.requestBody?.content['application/json']?.example;

let server: TestServer;
const answered: { op: string; status: number }[] = [];

beforeAll(async () => {
  server = await startServer({ options: { signInLimit: 10_000, registerLimit: 1000 } as never });
});
afterAll(() => server.close());

function request(op: Operation): { url: string; init: RequestInit } | string {
  let path = op.path;
  const query = new URLSearchParams();
  for (const p of op.parameters) {
    if (p.example === undefined) {
      if (p.in === 'path') return `no example for path parameter ${p.name}`;
      continue;
    }
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(String(p.example)));
    if (p.in === 'query')
      for (const v of [p.example].flat()) query.append(p.name, typeof v === 'string' ? v : JSON.stringify(v));
  }
  const body = jsonBody(op);
  if (op.requestBody && body === undefined) return 'no JSON body example';
  const qs = query.size > 0 ? `?${query}` : '';
  return {
    url: `${server.baseUrl}${path}${qs}`,
    init: {
      method: op.method.toUpperCase(),
      headers: { 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    },
  };
}

async function registeredFromExample(): Promise<{ email: string; password: string; university: string }> {
  const example = jsonBody(operations.find((o) => o.operationId === 'register') as Operation) as {
    email: string;
    password: string;
    university_name: string;
  };
  return { email: example.email, password: example.password, university: example.university_name };
}

describe("the contract's examples, replayed against a seeded mock", () => {
  it("carry neither the seed's password nor the demo account's e-mail where they act on an account", () => {
    const text = JSON.stringify(operations.map((op) => jsonBody(op)));
    expect(text).not.toContain(SEEDED_PASSWORD);
    for (const id of AS_REGISTERED)
      expect(JSON.stringify(jsonBody(operations.find((o) => o.operationId === id) as Operation))).not.toContain(
        DEMO_ACCOUNT.email,
      );
  });

  it('answer a status each operation declares, never a 5xx, and leave the demo account whole', async () => {
    const ada = await registeredFromExample();
    const refused: string[] = [];
    for (const op of operations) {
      if (isStream(op) || op.operationId === 'register') continue;
      const made = request(op);
      if (typeof made === 'string') continue;
      // A fresh sign-in each time: the logout and session examples end the session they run in.
      let token: string | undefined;
      if (AS_REGISTERED.has(op.operationId)) {
        // A fresh seed and register's own example: the account these examples name, as it was made.
        const reset = await fetch(`${server.baseUrl}/__mock/reset`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        expect(reset.status).toBeLessThan(300);
        const made = await server.client().POST('/api/v1/register', {
          body: jsonBody(operations.find((o) => o.operationId === 'register') as Operation) as never,
        });
        expect(made.response?.status).toBe(201);
        if (op.secured) token = await server.login(ada.email, ada.password, ada.university);
      } else if (op.secured) token = await server.login();
      const res = await fetch(made.url, {
        ...made.init,
        headers: { ...(made.init.headers as object), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      await res.arrayBuffer();
      answered.push({ op: op.operationId, status: res.status });
      const declared = Object.keys(op.responses);
      if (
        res.status >= 500 ||
        !(declared.includes(String(res.status)) || declared.includes(`${String(res.status)[0]}XX`))
      )
        refused.push(`${op.operationId} answered ${res.status} (declared ${declared.join(', ')})`);
    }
    expect(refused).toEqual([]);
    // The demo account still signs in with its password and reads itself.
    const token = await server.login();
    const me = await server.client(token).GET('/api/v1/users/me');
    expect(me.data?.data.email).toBe(DEMO_ACCOUNT.email);
  }, 240_000);

  it('changes the password and deletes the account that register’s example creates, never the demo one', () => {
    const of = (id: string) => answered.find((a) => a.op === id)?.status;
    expect(of('login')).toBe(200);
    expect(of('changePassword')).toBe(200);
    expect(of('deleteAccount')).toBe(200);
  });
});
