import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CohortClient, createCohortClient } from '@cohort/api';
import { compileFragment, createContractAjv, describeErrors, schemaRef, type ValidateFunction } from '@cohort/openapi';
import { inject } from 'vitest';
import { createMockServer } from '../src/adapters/server.ts';
import { createApp, type MockOptions } from '../src/app.ts';
import { ContractRouter, contract } from '../src/contract/contract.ts';
import { hashPassword } from '../src/engine/password.ts';
import { DEMO_ACCOUNT, SEEDED_PASSWORD, type SeedOptions } from '../src/seed/index.ts';
import { Store, type StoreOptions } from '../src/store/store.ts';
import type { State } from '../src/store/types.ts';
import { drift } from './drift.ts';
import { cachedSeed } from './seed-cache.ts';

// ---------- the one response check: every body against the contract ----------

const { doc, operations } = contract();
const router = new ContractRouter(operations);
const ajv = createContractAjv(doc);
const compiled = new Map<string, ValidateFunction | null>();

/**
 * Problems with one response, judged by the contract: the status must be declared for the
 * operation and the JSON body must match that response's schema. `[]` means it conforms.
 */
export function validateResponse(operationId: string, status: number, body: unknown): string[] {
  const op = operations.find((o) => o.operationId === operationId);
  if (!op) return [`${operationId}: not in the contract`];
  // Exact, then the status's range (`5XX`), then `default`, as OpenAPI reads them.
  const response = op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
  if (!response)
    return [`${operationId}: status ${status} is not declared (declared: ${Object.keys(op.responses).join(', ')})`];
  const key = `${operationId} ${status}`;
  if (!compiled.has(key)) {
    const schema = response.content?.['application/json']?.schema;
    compiled.set(key, schema ? compileFragment(ajv, schema) : null);
  }
  const validate = compiled.get(key);
  if (!validate) return [];
  if (validate(body)) return [];
  return describeErrors(validate.errors).map((e) => `${operationId} ${status}: ${e.pointer || '(body)'} ${e.message}`);
}

/** Problems with a value judged by one component schema (e.g. a stream event); `[]` means it conforms. */
export function validateSchema(name: string, value: unknown): string[] {
  const validate = ajv.getSchema(schemaRef(name));
  if (!validate) return [`${name}: no such component schema`];
  if (validate(value)) return [];
  return describeErrors(validate.errors).map((e) => `${name}: ${e.pointer || '(value)'} ${e.message}`);
}

export { drift };

/** A fetch that checks each API response against the contract (see `validateResponse`). */
export const contractFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const response = await fetch(request);
  const url = new URL(request.url);
  const match = router.match(request.method, url.pathname);
  if (match && 'operation' in match) {
    const text = await response.clone().text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      drift.push(`${match.operation.operationId} ${response.status}: body is not JSON: ${text.slice(0, 80)}`);
      return response;
    }
    drift.push(...validateResponse(match.operation.operationId, response.status, body));
  }
  return response;
};

// ---------- a real server on an ephemeral port ----------

let seededHash: Promise<string> | undefined;
/** Hashing is slow on purpose; one hash per run is enough (test/global-setup.ts). */
export const seededPasswordHash = () => {
  seededHash ??= Promise.resolve(inject('seededPasswordHash') ?? hashPassword(SEEDED_PASSWORD));
  return seededHash;
};

export interface TestServer {
  baseUrl: string;
  store: Store;
  /** A client that checks every response against the contract; signed in when a token is given. */
  client: (token?: string) => CohortClient;
  /** Signs in (the demo account by default) and returns the token. */
  login: (email?: string, password?: string, uniName?: string) => Promise<string>;
  /** Registers a new account (no connections, no groups): its e-mail, token, id and a signed-in client. */
  register: (fields?: { first_name?: string; last_name?: string; university_name?: string }) => Promise<Person>;
  close: () => Promise<void>;
}

export interface Person {
  email: string;
  token: string;
  id: string;
  api: CohortClient;
}

let registered = 0;

export async function startServer(
  config: { seed?: SeedOptions; options?: Partial<MockOptions>; store?: StoreOptions; state?: State } = {},
): Promise<TestServer> {
  const seed = { users: 60, channels: 12, ...config.seed };
  const store = new Store(config.state ?? cachedSeed(seed), config.store);
  const app = createApp({
    store,
    options: {
      seededPasswordHash: await seededPasswordHash(),
      resetState: () => cachedSeed(seed),
      onBug: (error) => drift.push(`server bug: ${String(error)}`),
      ...config.options,
    },
  });
  const server = await new Promise<Server>((resolve) => {
    const s = createMockServer(app).listen(0, '127.0.0.1', () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = (token?: string) => createCohortClient({ baseUrl, getToken: () => token, fetch: contractFetch });
  const login = async (email: string = DEMO_ACCOUNT.email, password: string = SEEDED_PASSWORD, uniName?: string) => {
    const user = store.accounts.findByEmail(email);
    const { data, error } = await client().POST('/api/v1/login', {
      body: { uniName: uniName ?? user?.university ?? DEMO_ACCOUNT.university, email, password },
    });
    if (error) throw error;
    return data.data.access_token;
  };
  const register = async (fields: { first_name?: string; last_name?: string; university_name?: string } = {}) => {
    registered++;
    const email = `person-${registered}-${Date.now()}@cohort.test`;
    const { data, error } = await client().POST('/api/v1/register', {
      body: { university_name: 'Test University', email, password: 'test-pass-1', graduation_year: 2026, ...fields },
    });
    if (error) throw error;
    const token = data.data.access_token;
    const api = client(token);
    const me = await api.GET('/api/v1/users/me');
    return { email, token, id: me.data?.data.id ?? '', api };
  };
  const close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
  return { baseUrl, store, client, login, register, close };
}

/** Starts a server with `config`, runs `fn` against it and closes it, even when `fn` throws. */
export async function withServer(
  config: Parameters<typeof startServer>[0],
  fn: (server: TestServer) => Promise<void>,
): Promise<void> {
  const server = await startServer(config);
  try {
    await fn(server);
  } finally {
    await server.close();
  }
}
