import { createMockEngine, DEMO_ACCOUNT, type MockEngine } from '@cohort/mock/engine-node';

/**
 * The mock engine every test server answers from (test/api.ts): the real request path of
 * @cohort/mock over a small seed. A test starts on a fresh engine: the one a test reached is closed
 * after it, and the next test that needs one builds a new one from the seed (the password hash and
 * the parsed contract are cached, so that costs about what `reset()` does). Not `reset()`: several
 * mock routes keep the store areas they were registered with (events, blocks, connections, calls,
 * notifications, nearby, feed), so their writes would outlive it.
 */
export const TEST_SEED = { users: 30, channels: 6 } as const;

let engine: MockEngine | undefined;
/** Whether a request reached the engine since it was built. */
let touched = false;
/** The demo account's session on the current engine (issued on first use). */
let session: { token: string; id: string } | undefined;

export function testEngine(): MockEngine {
  engine ??= createMockEngine(TEST_SEED);
  return engine;
}

/** Answers one request from the engine, marking it to be replaced after the test. */
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

/** A fresh engine for the next test when the one that ended reached it (the demo token survives an untouched test). */
export async function resetEngine(): Promise<void> {
  if (!engine || !touched) return;
  closeEngine();
  // Built now, so the next test's waits do not pay for it.
  await testEngine().ready;
}

export function closeEngine(): void {
  engine?.close();
  engine = undefined;
  touched = false;
  session = undefined;
}
