import { createMockEngine, DEMO_ACCOUNT, type MockEngine } from '@cohort/mock/engine-node';

/**
 * The mock engine every test server answers from (test/api.ts): the real request path of
 * @cohort/mock over a small seed, built once per test file and put back to that seed before any
 * test that follows one that reached it (`reset()` re-seeds in ~0.1 s; a new engine costs the same
 * plus the import, so one engine per file with a reset only when needed is the cheap way).
 */
export const TEST_SEED = { users: 30, channels: 6 } as const;

let engine: MockEngine | undefined;
/** Whether a request reached the engine since its last reset. */
let touched = false;
/** The demo account's session in the current state (one token per reset, issued on first use). */
let session: { token: string; id: string } | undefined;

export function testEngine(): MockEngine {
  engine ??= createMockEngine(TEST_SEED);
  return engine;
}

/** Answers one request from the engine, marking it for a reset after the test. */
export function engineHandle(request: Request): Promise<Response> {
  touched = true;
  return testEngine().handle(request);
}

/** A real sign-in of the seeded demo account (demo@cohort.test): its id and a token the engine issued. */
export function demoSession(): { token: string; id: string } {
  if (session) return session;
  const { store } = testEngine();
  const user = store.accounts.findByEmail(DEMO_ACCOUNT.email);
  if (!user) throw new Error(`The test seed has no ${DEMO_ACCOUNT.email}`);
  session = { token: store.transact(() => store.accounts.issueToken(user.id)), id: user.id };
  return session;
}

/** A token the engine issued for another seeded user (a second person in a test), as a sign-in would. */
export function signInAs(userId: string): string {
  const { store } = testEngine();
  touched = true;
  return store.transact(() => store.accounts.issueToken(userId));
}

/** A request straight to the engine with `token` (or none): its status and JSON body, whatever the status. */
export async function engineCall(
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await engineHandle(
    new Request(`http://engine.cohort.test${path}`, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * A request straight to the engine, as another client of the same server would send it (another
 * person acting while the app under test watches): `engineFetch(token, 'POST', '/api/v1/...', body)`.
 * Anything but a 2xx throws, naming the request and the answer.
 */
export async function engineFetch(token: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const answer = await engineCall(token, method, path, body);
  if (answer.status < 200 || answer.status > 299)
    throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Back to the seed when the test that ended reached the engine (the demo token survives an untouched test). */
export async function resetEngine(): Promise<void> {
  if (!engine || !touched) return;
  touched = false;
  session = undefined;
  await engine.reset();
}

export function closeEngine(): void {
  engine?.close();
  engine = undefined;
  touched = false;
  session = undefined;
}
