/** How the bench starts each server it measures, and signs in to the Cohort mock. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ChildServer, startServer } from './processes.ts';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const benchRoot = fileURLToPath(new URL('../', import.meta.url));
export const contractFile = `${repoRoot}openapi/openapi.yaml`;

/**
 * The mock as `pnpm start` runs it (built JavaScript, apps/mock/dist/main.js), and the reference
 * servers bundled the same way (bench/dist/bare-server.js), built once per bench process: every
 * server the bench starts is plain JavaScript on node, none compiles TypeScript as it starts.
 */
let built: Promise<{ mockMain: string; referenceMain: string }> | undefined;
export function buildSubjects(): Promise<{ mockMain: string; referenceMain: string }> {
  built ??= (async () => {
    const { buildMock, bundle, UNBUNDLED } = await import('@cohort/mock/build');
    // The mock's own rule for what stays in node_modules: express and js-yaml go into both bundles.
    await bundle({ root: benchRoot, entryPoints: ['src/bare-server.ts'], outdir: 'dist', external: UNBUNDLED });
    return { mockMain: await buildMock(), referenceMain: `${benchRoot}dist/bare-server.js` };
  })();
  return built;
}

export interface MockOptions {
  users?: number;
  seed?: number;
  /** Extra node flags, e.g. --cpu-prof for a profile of a missed target. */
  nodeFlags?: string[];
  timeoutMs?: number;
  /** Extra mock flags, e.g. raised limits for a load test. */
  args?: string[];
}

/** The mock as `pnpm start` runs it (node on its build), port 0, quiet. */
export async function startMock(options: MockOptions = {}): Promise<ChildServer> {
  const { mockMain } = await buildSubjects();
  const args = [...(options.nodeFlags ?? []), mockMain, '--port', '0', '--quiet'];
  if (options.users !== undefined) args.push('--users', String(options.users));
  if (options.seed !== undefined) args.push('--seed', String(options.seed));
  args.push(...(options.args ?? []));
  return startServer({
    name: `Cohort mock${options.users ? ` (${options.users} users)` : ''}`,
    command: process.execPath,
    args,
    ready: /listening on (http:\/\/[^\s/]+)/,
    timeoutMs: options.timeoutMs ?? 120_000,
  });
}

/**
 * A reference server replaying canned responses: bare node:http, or a minimal Express 5 app; or
 * (`express-contract`, the canned file ignored) a minimal Express 5 app loading the contract file.
 */
export async function startReferenceServer(
  mode: 'node' | 'express' | 'express-contract' | 'slow',
  cannedFile: string,
): Promise<ChildServer> {
  const { referenceMain } = await buildSubjects();
  return startServer({
    name: {
      node: 'bare node:http',
      express: 'minimal Express 5',
      'express-contract': 'minimal Express 5 + contract',
      slow: 'backend answering 10 ms late',
    }[mode],
    command: process.execPath,
    args: [referenceMain, mode, cannedFile],
    ready: /listening on (http:\/\/[^\s/]+)/,
    timeoutMs: 30_000,
  });
}

/** Prism from the bench's own devDependencies, on the same contract file, logging only errors. */
export function startPrism(port: number): Promise<ChildServer> {
  return startServer({
    name: 'Stoplight Prism',
    command: `${benchRoot}node_modules/.bin/prism`,
    args: ['mock', contractFile, '--port', String(port), '--host', '127.0.0.1', '--verboseLevel', 'error'],
    // With --verboseLevel error Prism prints nothing when ready, so readiness is polled over HTTP instead.
    url: `http://127.0.0.1:${port}`,
    timeoutMs: 60_000,
  });
}

export interface Session {
  token: string;
  userId: string;
  credentials: { university: string; email: string; password: string };
}

/** Reads the demo account the mock prints, signs in and asks who that is. */
export async function signIn(mock: ChildServer): Promise<Session> {
  const demo = await mock.waitForOutput(/Demo account: university "([^"]+)", e-mail (\S+), password (\S+)/);
  const [, university = '', email = '', password = ''] = demo;
  const login = await fetch(`${mock.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ uniName: university, email, password }),
  });
  const loginBody = (await login.json()) as { data?: { access_token?: string } };
  const token = loginBody.data?.access_token;
  if (!login.ok || !token) throw new Error(`sign-in failed: ${login.status} ${JSON.stringify(loginBody)}`);
  const me = await fetch(`${mock.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${token}` } });
  const meBody = (await me.json()) as { data?: { id?: string } };
  const userId = meBody.data?.id;
  if (!me.ok || !userId) throw new Error(`users/me failed: ${me.status} ${JSON.stringify(meBody)}`);
  return { token, userId, credentials: { university, email, password } };
}

/**
 * Registers a new account (unique e-mail) and returns its id and token. Registration hashes a
 * password (scrypt), so callers register a few at a time; a load test raises --register-limit.
 */
export async function registerUser(baseUrl: string, i: number): Promise<{ id: string; token: string }> {
  const res = await fetch(`${baseUrl}/api/v1/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      university_name: 'Stanford University',
      email: `bench${i}-${Date.now()}@cohort.io`,
      password: 'bench-password',
      graduation_year: 2026,
    }),
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  const token = ((await res.json()) as { data: { access_token: string } }).data.access_token;
  const me = await fetch(`${baseUrl}/api/v1/users/me`, { headers: { authorization: `Bearer ${token}` } });
  const meBody = (await me.json()) as { data?: { id?: string } };
  if (!me.ok || !meBody.data?.id) throw new Error(`users/me failed: ${me.status} ${JSON.stringify(meBody)}`);
  return { id: meBody.data.id, token };
}

/** The installed version of one of the bench's own dependencies, for the report. */
export function installedVersion(name: string): string {
  try {
    const manifest = JSON.parse(readFileSync(`${benchRoot}node_modules/${name}/package.json`, 'utf8')) as {
      version?: string;
    };
    return manifest.version ?? '?';
  } catch {
    return '?';
  }
}
