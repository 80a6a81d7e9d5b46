import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const JSON_HEADERS = { 'content-type': 'application/json' };
const MINUTE = 60_000;

/** One request in session `name` (made on first use), from `from` as X-Forwarded-For. */
const touch = (base: string, name: string, from?: string, scenario?: string) =>
  fetch(`${base}/api/v1/users/me`, {
    headers: {
      'x-mock-session': name,
      ...(from ? { 'x-forwarded-for': from } : {}),
      ...(scenario ? { 'x-mock-scenario': scenario } : {}),
    },
  });
const sessions = async (base: string) =>
  ((await (await fetch(`${base}/__mock/sessions`)).json()) as { data: { name: string; size_bytes: number }[] }).data;
const advance = (base: string, ms: number) =>
  fetch(`${base}/__mock/clock`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ advance_ms: ms }) });

describe('sessions per address: no client holds every session', () => {
  it('a full server takes back the oldest idle session of the address over its fair share (X-Forwarded-For with --trust-proxy)', async () => {
    server = await startServer({ options: { maxSessions: 4, trustProxy: 'loopback' } });
    const base = server.baseUrl;
    for (let i = 0; i < 4; i++) expect((await touch(base, `a${i}`, '10.0.0.1')).status).toBe(401);
    // All four just used: none is idle, so the newcomer waits.
    const refused = await touch(base, 'b0', '10.0.0.2');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    await advance(base, 2 * MINUTE);
    for (const name of ['a1', 'a2', 'a3']) expect((await touch(base, name, '10.0.0.1')).status).toBe(401);
    expect((await touch(base, 'b0', '10.0.0.2')).status).toBe(401);
    expect((await sessions(base)).map((s) => s.name).sort()).toEqual(['a1', 'a2', 'a3', 'b0']);
  });

  it.each([
    [undefined, [401, 401, 503]],
    ['loopback', [401, 401, 401]],
  ])('X-Forwarded-For counts only with --trust-proxy (%s): three addresses or one', async (trustProxy, statuses) => {
    server = await startServer({
      options: { maxSessions: 10, sessionsPerAddress: 2, ...(trustProxy ? { trustProxy } : {}) },
    });
    const base = server.baseUrl;
    const got: number[] = [];
    for (const i of [1, 2, 3]) got.push((await touch(base, `x${i}`, `10.0.0.${i}`)).status);
    expect(got).toEqual(statuses);
  });

  it('--sessions-per-address: past it the address waits while its sessions are in use, then its oldest idle one goes', async () => {
    server = await startServer({ options: { maxSessions: 10, sessionsPerAddress: 2 } });
    const base = server.baseUrl;
    expect((await touch(base, 'a0')).status).toBe(401);
    expect((await touch(base, 'a1')).status).toBe(401);
    const busy = await touch(base, 'a2');
    expect(busy.status).toBe(503);
    expect(((await busy.json()) as { message: string }).message).toContain('--sessions-per-address');
    await advance(base, 2 * MINUTE);
    expect((await touch(base, 'a1')).status).toBe(401);
    expect((await touch(base, 'a2')).status).toBe(401);
    const listed = await sessions(base);
    expect(listed.map((s) => s.name).sort()).toEqual(['a1', 'a2']);
    // Each session's size is reported.
    for (const s of listed) expect(s.size_bytes).toBeGreaterThan(10_000);
  });
});

describe('making sessions: rate and memory', () => {
  it('--session-rate: new sessions per minute per address, then 429 with Retry-After; existing ones answer', async () => {
    server = await startServer({ options: { sessionRate: 3 } });
    const base = server.baseUrl;
    for (let i = 0; i < 3; i++) expect((await touch(base, `r${i}`)).status).toBe(401);
    const limited = await touch(base, 'r3');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await limited.json()) as { message: string }).message).toContain('--session-rate');
    expect((await touch(base, 'r0')).status).toBe(401);
    await advance(base, MINUTE);
    expect((await touch(base, 'r3')).status).toBe(401);
  });

  it('--session-memory-mb: a session that would not fit is refused before it is made (503, Retry-After)', async () => {
    server = await startServer({ options: { sessionMemoryBytes: 80 * 1024 * 1024, scenarioUsers: 30 } });
    const base = server.baseUrl;
    const statuses: number[] = [];
    let refusal: Response | undefined;
    for (let i = 0; i < 40 && !refusal; i++) {
      const res = await touch(base, `m${i}`, undefined, 'crowded');
      statuses.push(res.status);
      if (res.status === 503) refusal = res;
    }
    expect(statuses[0]).toBe(401);
    if (!refusal) expect.fail(`no 503 in ${statuses.join(', ')}`);
    expect(refusal.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refusal.json()) as { message: string }).message).toContain('--session-memory-mb');
    const made = await sessions(base);
    expect(made.length).toBe(statuses.length - 1);
    // An existing session still answers.
    expect((await touch(base, 'm0')).status).toBe(401);
  });
});

/** Resident memory of process `pid`, in MB (Linux's /proc). */
const residentMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
const RSS_BOUND_MB = 500;

describe('a flood of crowded sessions ends in 503s, never in a crash (main.ts)', () => {
  const args = ['--port', '0', '--users', '30', '--session-memory-mb', '64', '--session-rate', '1000', '--quiet'];
  let child: ChildProcess;
  let base: string;
  let exited: number | null | undefined;
  // Starting the CLI (compiling it on the fly) is not the flood: its own minute.
  beforeAll(async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
      cwd: new URL('..', import.meta.url).pathname,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.once('exit', (code) => {
      exited = code;
    });
    const port = await new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`mock exited with ${code}`)));
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
        const m = /listening on http:\/\/\S+:(\d+)$/.exec(line);
        if (m?.[1]) resolve(m[1]);
      });
    });
    base = `http://127.0.0.1:${port}`;
  }, 60_000);
  afterAll(() => {
    child?.kill('SIGKILL');
  });

  it(`${args.join(' ')}: 60 new crowded sessions at once: some made, the rest 503 with Retry-After; the process lives under ${RSS_BOUND_MB} MB resident`, {
    timeout: 30_000,
  }, async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => touch(base, `flood-${i}`, undefined, 'crowded')),
    );
    const statuses = answers.map((res) => res.status);
    const made = statuses.filter((s) => s === 401).length;
    expect(made).toBeGreaterThan(0);
    expect(made + statuses.filter((s) => s === 503).length).toBe(60);
    expect(statuses.at(-1)).toBe(503);
    for (const res of answers.filter((r) => r.status === 503)) expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    // Alive and answering, its sessions as many as were made.
    expect(await sessions(base)).toHaveLength(made);
    expect(exited).toBeUndefined();
    expect(residentMb(child.pid ?? 0)).toBeLessThan(RSS_BOUND_MB);
  });
});
