/**
 * What one more session (`X-Mock-Session`) costs in heap, not part of `pnpm bench` (it needs
 * `--expose-gc` and several GB):
 *   node --expose-gc --max-old-space-size=8192 --import tsx src/session-memory.ts [users] [sessions]
 * An engine seeded with `users` (default 100,000); then `sessions` sessions made one after the other
 * through `handle()` (a sign-in each, which makes the session), heapUsed after two GCs around each.
 * The first session also pays what all sessions share (the seed they start from), so it is apart.
 * Then a directory search in one session, in another, and in a third after a profile edit there.
 */
import { createMockEngine, DEMO_ACCOUNT, SEEDED_PASSWORD } from '@cohort/mock';

const users = Number(process.argv[2] ?? 100_000);
const sessions = Number(process.argv[3] ?? 5);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? Number.NaN;

const engine = createMockEngine({ users });
await engine.ready;
const send = (session: string, path: string, init: RequestInit = {}) =>
  engine.handle(
    new Request(`http://mock.test${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', 'x-mock-session': session, ...init.headers },
    }),
  );

const start = heap();
console.log(`${users.toLocaleString('en-US')} users; heapUsed with the default engine: ${mb(start)}`);
const costs: number[] = [];
let before = start;
for (let i = 0; i < sessions; i++) {
  const login = await send(`memory-${i}`, '/api/v1/login', {
    method: 'POST',
    body: JSON.stringify({ uniName: DEMO_ACCOUNT.university, email: DEMO_ACCOUNT.email, password: SEEDED_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in in session ${i} answered ${login.status}`);
  const after = heap();
  costs.push(after - before);
  console.log(`session ${i + 1}: +${mb(after - before)}`);
  before = after;
}

// Searches: the directory's index is built on first use (shared by sessions that changed nothing it holds).
const signIn = async (session: string) => {
  const res = await send(session, '/api/v1/login', {
    method: 'POST',
    body: JSON.stringify({ uniName: DEMO_ACCOUNT.university, email: DEMO_ACCOUNT.email, password: SEEDED_PASSWORD }),
  });
  return { authorization: `Bearer ${((await res.json()) as { data: { access_token: string } }).data.access_token}` };
};
const searchCost = async (session: string, change: boolean) => {
  const headers = await signIn(session);
  if (change) {
    const patch = await send(session, '/api/v1/users/me', {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ description: 'Changed, so this session indexes its own directory.' }),
    });
    if (patch.status !== 200) throw new Error(`profile edit answered ${patch.status}`);
  }
  const at = heap();
  const search = await send(session, '/api/v1/users/search?q=an', { headers });
  if (search.status !== 200) throw new Error(`search answered ${search.status}`);
  return heap() - at;
};
const firstSearch = await searchCost('memory-0', false);
const nextSearch = sessions > 1 ? await searchCost('memory-1', false) : Number.NaN;
const changedSearch = sessions > 2 ? await searchCost('memory-2', true) : Number.NaN;

const rest = costs.slice(1);
console.log(
  JSON.stringify({
    users,
    sessions,
    first_session_mb: Math.round(costs[0] ?? 0) / 1e6,
    per_session_median_mb: Math.round(median(rest)) / 1e6,
    per_session_mb: rest.map((c) => Math.round(c / 1e5) / 10),
    first_search_mb: Math.round(firstSearch / 1e5) / 10,
    search_in_another_session_mb: Math.round(nextSearch / 1e5) / 10,
    search_after_a_profile_edit_mb: Math.round(changedSearch / 1e5) / 10,
  }),
);
engine.close();
