/**
 * What one more session (`X-Mock-Session`) costs in heap, not part of `pnpm bench` (it needs
 * `--expose-gc` and several GB):
 *   node --expose-gc --max-old-space-size=8192 --import tsx src/session-memory.ts [users] [sessions] [--write]
 * An engine seeded with `users` (default 100,000); then `sessions` sessions made one after the other
 * through `handle()` (a sign-in each, which makes the session), heapUsed after two GCs around each.
 * The first session also pays what all sessions share (the seed they start from), so it is apart.
 * Then a directory search in one session, in another, and in a third after a profile edit there.
 * Then per preset (`X-Mock-Scenario`): the first session (it seeds the preset) and the next one, with
 * the size `GET /__mock/sessions` reports; and the event loop's delay while 20 sessions are made at
 * once (default, then crowded). `--write` puts that part's section in RESULTS.md, with the machine and date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { createMockEngine, DEMO_ACCOUNT, SEEDED_PASSWORD } from '@cohort/mock';
import { describeMachine } from './machine.ts';

const positional = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const users = Number(positional[0] ?? 100_000);
const sessions = Number(positional[1] ?? 5);
const write = process.argv.includes('--write');
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

// Per preset: the first session seeds it (shared by the later ones), the next copies what it may change.
const PRESETS = ['empty', 'crowded', 'flaky', 'offline-stream'];
const listed = async () =>
  ((await (await send('lister', '/__mock/sessions')).json()) as { data: { name: string; size_bytes: number }[] }).data;
const perPreset: { preset: string; first_mb: number; next_mb: number; reported_mb: number; first_ms: number }[] = [];
for (const preset of PRESETS) {
  const costs: number[] = [];
  const times: number[] = [];
  for (const i of [0, 1]) {
    const at = heap();
    const started = performance.now();
    const res = await send(`${preset}-${i}`, '/api/v1/users/me', { headers: { 'x-mock-scenario': preset } });
    if (res.status !== 401) throw new Error(`a ${preset} session answered ${res.status}`);
    times.push(performance.now() - started);
    costs.push(heap() - at);
  }
  const reported = (await listed()).find((s) => s.name === `${preset}-1`)?.size_bytes ?? Number.NaN;
  perPreset.push({
    preset,
    first_mb: Math.round(costs[0] ?? 0) / 1e6,
    next_mb: Math.round((costs[1] ?? 0) / 1e5) / 10,
    reported_mb: Math.round(reported / 1e5) / 10,
    first_ms: Math.round(times[0] ?? 0),
  });
}
console.log(JSON.stringify({ per_preset: perPreset }));

// The event loop while 20 sessions are made at once (requests in flight together, as 20 test workers would send them).
const burst = async (label: string, scenario?: string) => {
  // A 10 ms timer: how late each tick comes is how long the loop was blocked (the last tick is waited for).
  const lateness: number[] = [];
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    lateness.push(Math.max(0, now - last - 10));
    last = now;
  }, 10);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      send(`${label}-burst-${i}`, '/api/v1/users/me', { headers: scenario ? { 'x-mock-scenario': scenario } : {} }),
    ),
  );
  const wall = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 30));
  clearInterval(ticker);
  const sorted = [...lateness].sort((a, b) => a - b);
  const refused = answers.filter((res) => res.status !== 401).length;
  return {
    scenario: scenario ?? 'default',
    wall_ms: Math.round(wall),
    loop_delay_p99_ms: Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? 0),
    loop_delay_max_ms: Math.round(sorted.at(-1) ?? 0),
    refused,
  };
};
const bursts = [await burst('default'), await burst('crowded', 'crowded')];
console.log(JSON.stringify({ twenty_at_once: bursts }));
engine.close();

if (write) {
  const machine = describeMachine();
  const lines = [
    '## Sessions per scenario, and the event loop while 20 are made (src/session-memory.ts)',
    '',
    `${new Date().toISOString().slice(0, 10)}, ${machine.cpu} (${machine.cores} cores, ${machine.memoryGiB.toFixed(1)} GiB), Node ${machine.node}; ${users.toLocaleString('en-US')} users in the default seed (a preset seeds its own count: crowded 100,000). 1-minute load average ${os.loadavg()[0]?.toFixed(2)} at the end. Not part of \`pnpm bench\`: \`node --expose-gc --import tsx src/session-memory.ts ${positional.join(' ')} --write\`. The 20 requests are in flight together through \`handle()\`: each session is made synchronously (its copy of the seed), one after the other, so the loop is blocked for the whole burst.`,
    '',
    '| preset | first session (seeds the preset), MB heap | ms | next session, MB heap | size GET /__mock/sessions reports, MB |',
    '| --- | --- | --- | --- | --- |',
    ...perPreset.map(
      (p) => `| ${p.preset} | ${p.first_mb.toFixed(1)} | ${p.first_ms} | ${p.next_mb} | ${p.reported_mb} |`,
    ),
    '',
    '| 20 sessions at once | wall, ms | event-loop delay p99, ms | max, ms | refused |',
    '| --- | --- | --- | --- | --- |',
    ...bursts.map(
      (b) => `| ${b.scenario} | ${b.wall_ms} | ${b.loop_delay_p99_ms} | ${b.loop_delay_max_ms} | ${b.refused} |`,
    ),
    '',
  ];
  const file = new URL('../RESULTS.md', import.meta.url);
  const text = readFileSync(file, 'utf8');
  const heading = lines[0] ?? '';
  const at = text.indexOf(heading);
  const end = at === -1 ? -1 : text.indexOf('\n## ', at + heading.length);
  const section = lines.join('\n');
  const next =
    at === -1
      ? `${text.trimEnd()}\n\n${section}`
      : `${text.slice(0, at)}${section}${end === -1 ? '' : text.slice(end)}`;
  writeFileSync(file, next.endsWith('\n') ? next : `${next}\n`);
  console.log('RESULTS.md: section written.');
}
