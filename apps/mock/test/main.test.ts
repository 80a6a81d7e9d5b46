import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../src/seed/index.ts';
import { writeAccounts } from './areas/accounts.ts';
import { api, readViews } from './areas/api.ts';
import { killHard, startMock, stop } from './child.ts';

const dir = mkdtempSync(join(tmpdir(), 'cohort-mock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Each start seeds (and, through tsx, compiles TypeScript): seconds, not milliseconds.
describe('main', { timeout: 30_000 }, () => {
  it('prints the URL, the docs URL and the demo credentials first', async () => {
    const { lines } = await startMock(['--users', '20']);
    expect(lines[0]).toMatch(/^Cohort mock server listening on http:\/\/127\.0\.0\.1:\d+$/);
    expect(lines[1]).toMatch(/^API docs: http:\/\/127\.0\.0\.1:\d+\/docs$/);
    expect(lines[2]).toBe(
      `Demo account: university "${DEMO_ACCOUNT.university}", e-mail ${DEMO_ACCOUNT.email}, password ${DEMO_ACCOUNT.password}`,
    );
  });

  it('--strict and --journal-size reach the app: the drift alarm is on, the journal keeps that many', async () => {
    const { baseUrl } = await startMock(['--users', '20', '--strict', '--journal-size', '2']);
    for (const kind of ['Club', 'Interest', 'Direction']) {
      expect((await fetch(`${baseUrl}/api/v1/general/get-all-resource/?resource=${kind}`)).status).toBe(200);
    }
    const journal = (await (await fetch(`${baseUrl}/__mock/requests`)).json()) as { data: { path: string }[] };
    expect(journal.data.map((e) => e.path.split('=')[1])).toEqual(['Interest', 'Direction']);
    // The alarm is on (no "off" notice) and the seeded answers conform.
    expect(await (await fetch(`${baseUrl}/__mock/violations`)).json()).toEqual({
      success: true,
      message: 'OK',
      data: [],
    });
  });

  it.each([
    ['not JSON', '{"version":', /not JSON/],
    [
      'marked version 1 with messages: null',
      '{"version":1,"messages":null}',
      /is not a usable Cohort state file: \/seed is missing|\/messages/,
    ],
  ])('stops with one line, exit 1 and the file untouched when --data is %s', async (_name, text, want) => {
    const file = join(dir, 'corrupt.json');
    writeFileSync(file, text);
    const error = await startMock(['--data', file]).then(
      () => new Error('started'),
      (e: Error) => e,
    );
    expect(error.message).toMatch(
      /exited with 1: Cannot load --data: .*corrupt\.json is not a usable Cohort state file/,
    );
    expect(error.message).toMatch(want);
    expect(error.message).not.toMatch(/\n\s+at /);
    expect(error.message.trim().split('\n')).toHaveLength(1);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('one writer per --data file: a second server is refused by pid; a stale lock and leftover temp files are cleaned up', async () => {
    const file = join(dir, 'shared.json');
    const first = await startMock(['--data', file]);
    const refused = await startMock(['--data', file]).then(
      () => new Error('started'),
      (e: Error) => e,
    );
    expect(refused.message).toContain(
      `exited with 1: Cannot load --data: ${file} is in use by another mock server (pid ${first.child.pid})`,
    );
    await killHard(first.child);
    // The killed server left its lock (and, as a crash mid-write would, a temp file).
    expect(existsSync(`${file}.lock`)).toBe(true);
    writeFileSync(`${file}.999999.tmp`, 'half a write');
    const second = await startMock(['--data', file]);
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe(String(second.child.pid));
    expect(existsSync(`${file}.999999.tmp`)).toBe(false);
    await stop(second.child);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('--reseed-bad-data moves an unusable file aside and starts from the seed; --fresh replaces what a file holds', async () => {
    const file = join(dir, 'dev', 'dev.db');
    mkdirSync(join(dir, 'dev'), { recursive: true });
    writeFileSync(file, 'not a state file');
    const first = await startMock(['--users', '20', '--data', file, '--reseed-bad-data']);
    expect(first.lines[0]).toMatch(
      /dev\.db is not a usable Cohort state file: .*; moved it to .*dev\.db\.unusable-\d+ and started from the seed\.$/,
    );
    const aside = readdirSync(join(dir, 'dev')).find((name) => name.startsWith('dev.db.unusable-'));
    expect(readFileSync(join(dir, 'dev', aside ?? ''), 'utf8')).toBe('not a state file');
    const { views } = await writeAccounts(api(first.baseUrl));
    await stop(first.child);

    const second = await startMock(['--users', '20', '--data', file, '--fresh']);
    // The seed again: the account made before is gone with the state that held it.
    await readViews(api(second.baseUrl), {
      me: { token: views.me?.token ?? '', path: '/api/v1/users/me', status: 401 },
    });
  });

  it('seeds a new --data file under the tsx command too (pnpm dev): the file is written by a worker thread', async () => {
    const file = join(dir, 'cli', 'cli.db');
    mkdirSync(join(dir, 'cli'), { recursive: true });
    const { lines, baseUrl } = await startMock(['--users', '20', '--data', file], { cli: true });
    expect(lines[0]).toMatch(/^Cohort mock server listening on /);
    expect(existsSync(file)).toBe(true);
    const signIn = await fetch(`${baseUrl}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        uniName: DEMO_ACCOUNT.university,
        email: DEMO_ACCOUNT.email,
        password: DEMO_ACCOUNT.password,
      }),
    });
    expect(signIn.status).toBe(200);
  });

  it('refuses bad flags with the usage text and exit code 2', async () => {
    await expect(startMock(['--error-rate', '2'])).rejects.toThrow(
      /exited with 2: --error-rate must be a number from 0 to 1/,
    );
  });
});
