import { expect } from 'vitest';
import { DEMO_ACCOUNT, SEEDED_PASSWORD } from '../../src/seed/index.ts';
import { contractFetch } from '../helpers.ts';

/** A JSON object from an answer's `data` (ids are strings or integers). */
export type Item = { id: string | number } & Record<string, unknown>;

/** An account made through the API, with its password (some areas change or use it). */
export interface Account {
  email: string;
  password: string;
  token: string;
  id: string;
  uniName: string;
}

/** Plain HTTP against a running mock (any process); every answer is checked against the contract. */
export interface Api {
  baseUrl: string;
  /** The answer's status and whole JSON body. */
  send(method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  /** The answer's `data`; throws unless it succeeded (2xx). */
  call<T = Item>(method: string, path: string, token?: string, body?: unknown): Promise<T>;
  /** Signs in (the demo account by default) and returns the token. */
  login(account?: Pick<Account, 'email' | 'password' | 'uniName'>): Promise<string>;
  /** Registers a new account with no connections and no groups. */
  register(first_name: string, last_name?: string): Promise<Account>;
}

export const DEMO = { email: DEMO_ACCOUNT.email, password: SEEDED_PASSWORD, uniName: DEMO_ACCOUNT.university };

let registered = 0;

export function api(baseUrl: string): Api {
  const send: Api['send'] = async (method, path, token, body) => {
    const res = await contractFetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: await res.json() };
  };
  const call = async <T = Item>(method: string, path: string, token?: string, body?: unknown): Promise<T> => {
    const { status, body: answer } = await send(method, path, token, body);
    if (status >= 300) throw new Error(`${method} ${path} answered ${status}: ${JSON.stringify(answer)}`);
    return (answer as { data: T }).data;
  };
  const login: Api['login'] = async (account = DEMO) =>
    String(
      (
        await call('POST', '/api/v1/login', undefined, {
          uniName: account.uniName,
          email: account.email,
          password: account.password,
        })
      ).access_token,
    );
  const register: Api['register'] = async (first_name, last_name = 'Persist') => {
    registered++;
    const account = {
      email: `${first_name.toLowerCase()}-${registered}-${Date.now()}@cohort.test`,
      password: `pass-${registered}-kept`,
      uniName: 'Persistence Polytechnic',
    };
    const made = await call('POST', '/api/v1/register', undefined, {
      university_name: account.uniName,
      email: account.email,
      password: account.password,
      graduation_year: 2027,
      first_name,
      last_name,
    });
    const token = String(made.access_token);
    const me = await call('GET', '/api/v1/users/me', token);
    return { ...account, token, id: String(me.id) };
  };
  return { baseUrl, send, call, login, register };
}

/** Makes `a` and `b` connections (an invitation and its acceptance). */
export async function connect(http: Api, a: Account, b: Account): Promise<void> {
  const invitation = await http.call('POST', `/api/v1/users/${b.id}/connect`, a.token);
  await http.call('POST', `/api/v1/connections/${invitation.id}/accept`, b.token);
}

// ---------- what a writer hands back ----------

/** A GET whose answer shows some of an area's writes; `status` 200 unless given (a revoked token: 401). */
export interface View {
  token: string;
  path: string;
  status?: number;
}

export interface Written {
  /** Reads whose answers must be the same after the restart as before the kill. */
  views: Record<string, View>;
  /** What those answers must show (run on the answers before the kill): the writes took effect. */
  check: (seen: Record<string, unknown>) => void;
  /** Checks after the restart that a read cannot make: sign-ins, a second report (409), a reset link. */
  after?: (http: Api) => Promise<void>;
}

/** One area's writes against a freshly started mock, each awaited (acknowledged) before the next. */
export type AreaWriter = (http: Api) => Promise<Written>;

/** The body of every view, by name; throws if one answered another status than it declared. */
export async function readViews(http: Api, views: Record<string, View>): Promise<Record<string, unknown>> {
  const seen: Record<string, unknown> = {};
  for (const [name, view] of Object.entries(views)) {
    const { status, body } = await http.send('GET', view.path, view.token);
    expect({ name, status }).toEqual({ name, status: view.status ?? 200 });
    seen[name] = body;
  }
  return seen;
}

/** `body.data` (a list) holds an item with these fields. */
export const listHas = (body: unknown, fields: Record<string, unknown>) =>
  expect(body).toMatchObject({ data: expect.arrayContaining([expect.objectContaining(fields)]) });

/** `body.data` (a list) holds no item with these fields. */
export const listLacks = (body: unknown, fields: Record<string, unknown>) =>
  expect((body as { data: unknown[] }).data).not.toContainEqual(expect.objectContaining(fields));
