import { type CohortClient, createCohortClient, type Schemas } from '@cohort/api';
import { demoSession, engineHandle } from './engine.ts';

/**
 * Data a test needs, made the way any client makes it: @cohort/api's typed client answered by the
 * test engine (test/engine.ts), so what the screen shows next is what the real server would return.
 * Every write marks the engine for its reset after the test.
 */
export function engineClient(token: string = demoSession().token): CohortClient {
  return createCohortClient({
    baseUrl: 'http://engine.cohort.test',
    getToken: () => token,
    fetch: (input, init) => engineHandle(new Request(input, init)),
  });
}

/** The `data` of an answer a set-up step needs; a failed step throws with the engine's message. */
export async function ok<T>(result: Promise<{ data?: { data: T }; error?: unknown }>) {
  const { data, error } = await result;
  if (error || !data) throw new Error(`a set-up call failed: ${JSON.stringify(error)}`);
  return data.data;
}

/** The signed-in demo account as the engine holds it. */
export const seededMe = (client = engineClient()) => ok(client.GET('/api/v1/users/me'));

/** Stores a note for the demo account (or `client`'s user); the fields default to a coffee-chat note. */
export const seedNote = (over: Partial<Schemas['NoteInput']> = {}, client = engineClient()) =>
  ok(
    client.POST('/api/v1/users/me/notes/store', {
      body: { title: 'Coffee chat', note: 'Follow up next week.', date: '2026-11-18', ...over },
    }),
  );

/** The demo account's groups (`status` as the My Groups tabs ask). */
export const seededGroups = (status?: 'active' | 'inactive', client = engineClient()) =>
  ok(client.GET('/api/v1/users/me/channels', { params: { query: status ? { status } : {} } }));
