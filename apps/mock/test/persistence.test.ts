import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { contract } from '../src/contract/contract.ts';
import { Checkpointer } from '../src/persistence/checkpointer.ts';
import { lockStateFile, readStateFile } from '../src/persistence/data-file.ts';
import { openStateFile, readSqliteState } from '../src/persistence/open.ts';
import { seedStateFile } from '../src/persistence/seed-file.ts';
import { stateFileProblem } from '../src/persistence/state-check.ts';
import { SqliteStateFile } from '../src/persistence/state-file.ts';
import { buildStateSchema } from '../src/persistence/state-schema.ts';
import { rowText, rowValue, USER_FIELDS } from '../src/persistence/values.ts';
import { seedState } from '../src/seed/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'cohort-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('JSON state file (version 1, converted to SQLite on start)', () => {
  it('is absent before the first write', () => {
    expect(readStateFile(join(dir, 'missing.json'))).toBeUndefined();
  });

  it('refuses a file of another version', () => {
    const file = join(dir, 'future.json');
    writeFileSync(file, JSON.stringify({ version: 2 }));
    expect(() => readStateFile(file)).toThrow(/unknown state version 2 \(this mock reads version 1\)/);
  });

  // Damaged files marked version 1: each is refused whole, naming the first bad field, never half-loaded.
  const good = () => JSON.parse(JSON.stringify(seedState({ users: 5, channels: 2 })));
  it.each([
    [
      'messages: null',
      (s: Record<string, unknown>) => Object.assign(s, { messages: null }),
      '/messages must be object',
    ],
    ['tokens: null', (s: Record<string, unknown>) => Object.assign(s, { tokens: null }), '/tokens must be object'],
    ['no next_id', (s: Record<string, unknown>) => delete s.next_id, '/next_id is missing'],
    [
      'a counter missing',
      (s: { next_id: Record<string, unknown> }) => delete s.next_id.note,
      '/next_id/note is missing',
    ],
    ['users not a list', (s: Record<string, unknown>) => Object.assign(s, { users: {} }), '/users must be array'],
    [
      'a user without an id',
      (s: { users: Record<string, unknown>[] }) => delete s.users[0]?.id,
      '/users/0/id is missing',
    ],
    [
      'a message list of strings',
      (s: { messages: Record<string, unknown> }) => Object.assign(s.messages, { chan_x: ['hi'] }),
      '/messages/chan_x/0 must be object',
    ],
    ['no version', (s: Record<string, unknown>) => delete s.version, '/version is missing'],
    // Fields the contract requires of a record (read from openapi.yaml): answers would not conform.
    [
      'a note without a title',
      (s: { notes: Record<string, unknown>[] }) => delete s.notes[0]?.title,
      '/notes/0/title is missing',
    ],
    [
      "a user's e-mail null",
      (s: { users: Record<string, unknown>[] }) => Object.assign(s.users[1] ?? {}, { email: null }),
      '/users/1/email must be string',
    ],
    // Fields the store sorts or counts by (each a 500 on some screen when absent).
    [
      'a group without last_activity_at',
      (s: { channels: Record<string, unknown>[] }) => delete s.channels[0]?.last_activity_at,
      '/channels/0/last_activity_at is missing',
    ],
    [
      'a saved message without saved_at',
      (s: { saved_messages: Record<string, unknown>[] }) => delete s.saved_messages[0]?.saved_at,
      '/saved_messages/0/saved_at is missing',
    ],
    [
      'a saved list with member_ids null',
      (s: { social: { saved_lists: Record<string, unknown>[] } }) =>
        s.social.saved_lists.push({
          id: 99,
          user_id: 'u',
          name: 'L',
          member_ids: null,
          created_at: 'x',
          deleted_at: null,
        }),
      '/social/saved_lists/',
    ],
    // A counter behind its list would hand out an id that is already taken.
    [
      'a counter behind its ids',
      (s: { next_id: Record<string, number> }) => Object.assign(s.next_id, { note: 1 }),
      '/next_id/note is 1 but id ',
    ],
  ])('refuses %s', (_name, damage, want) => {
    const file = join(dir, 'damaged.json');
    const state = good();
    damage(state);
    const bytes = JSON.stringify(state);
    writeFileSync(file, bytes);
    expect(() => readStateFile(file)).toThrow(`damaged.json is not a usable Cohort state file: ${want}`);
    expect(readFileSync(file, 'utf8')).toBe(bytes);
  });

  it('checks files against a valid JSON Schema 2020-12 document (the mock compiles it without that check)', () => {
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
    const schema = buildStateSchema(contract().doc);
    expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
    // And it is the schema that refuses files: a user's id of the wrong type is named.
    const state = good();
    state.users[0].id = 7;
    expect(stateFileProblem(state)).toBe('/users/0/id must be string');
  });

  it('loads a file written before the chat and social parts existed, or with a social part missing', () => {
    const file = join(dir, 'older.json');
    const state = good();
    delete state.chat;
    delete state.social.inactive;
    writeFileSync(file, JSON.stringify(state));
    expect(readStateFile(file)).toEqual(state);
    delete state.social;
    writeFileSync(file, JSON.stringify(state));
    expect(readStateFile(file)).toEqual(state);
  });

  it.each([
    ['not JSON', '{"version":', /not JSON/],
    ['empty', '', /empty, not JSON/],
    ['an array', '[]', /must be object/],
    ['null', 'null', /must be object/],
  ])('refuses a file that is %s', (_name, text, want) => {
    const file = join(dir, 'junk.json');
    writeFileSync(file, text);
    expect(() => readStateFile(file)).toThrow(want);
  });
});

describe('one writer per file', () => {
  const deadPid = () => {
    const child = spawnSync(process.execPath, ['-e', '']);
    return child.pid;
  };

  it('refuses while a live process holds the lock, naming it; the lock stays theirs', () => {
    const file = join(dir, 'held.json');
    writeFileSync(`${file}.lock`, String(process.ppid));
    expect(() => lockStateFile(file)).toThrow(
      `${file} is in use by another mock server (pid ${process.ppid}); stop it or use another --data file`,
    );
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe(String(process.ppid));
  });

  it.each([
    ['a dead pid', () => String(deadPid())],
    ['our own pid (a reused pid, as in a restarted container)', () => String(process.pid)],
    ['no pid, written long ago', () => ''],
  ])('takes over a stale lock holding %s, and release removes only its own lock', (_name, text) => {
    const file = join(dir, 'stale.json');
    writeFileSync(`${file}.lock`, text());
    if (text() === '') utimesSync(`${file}.lock`, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const release = lockStateFile(file);
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe(String(process.pid));
    expect(readdirSync(dir).filter((n) => n.startsWith('stale.json'))).toEqual(['stale.json.lock']);
    release();
    expect(existsSync(`${file}.lock`)).toBe(false);
    // Someone else's lock is never removed by our release.
    const again = lockStateFile(file);
    writeFileSync(`${file}.lock`, String(process.ppid));
    again();
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe(String(process.ppid));
    rmSync(`${file}.lock`);
  });

  it("removes a killed writer's temp files and nothing else", () => {
    const file = join(dir, 'crashed.json');
    const keep = [
      'crashed.json',
      'crashed.json.bak',
      'crashed.json.12.tmp.old',
      'crashed.json.x12.tmp',
      'other.json.12.tmp',
    ];
    for (const name of [...keep, 'crashed.json.12.tmp', `crashed.json.${deadPid()}.tmp`]) {
      writeFileSync(join(dir, name), 'x');
    }
    const release = lockStateFile(file);
    const left = readdirSync(dir).filter((n) => n.startsWith('crashed.json') || n.startsWith('other.json'));
    expect(left.sort()).toEqual([...keep, 'crashed.json.lock'].sort());
    release();
  });
});

describe('SQLite state file', () => {
  const seeded = () => JSON.parse(JSON.stringify(seedState({ users: 8, channels: 2 })));
  /** A new file named `name` in this format, holding `state`. */
  const writtenFile = (name: string, state = seeded()) => {
    const file = join(dir, name);
    rmSync(file, { force: true });
    const db = SqliteStateFile.create(file);
    db.replace(state);
    db.close();
    return file;
  };

  it('round-trips the state, every list in its order', () => {
    const file = join(dir, 'round.db');
    const state = seeded();
    const db = SqliteStateFile.create(file);
    db.replace(state);
    db.close();
    expect(readSqliteState(file)).toEqual(state);
  });

  it('builds a new file from a whole state beside its name, then renames it into place', () => {
    const file = join(dir, 'built.db');
    rmSync(file, { force: true });
    const state = seeded();
    const built = SqliteStateFile.build(file, state);
    built.close();
    expect(readSqliteState(file)).toEqual(state);
    expect(readdirSync(dir).filter((name) => name.startsWith('built.db.'))).toEqual([]);
    // Opened again, it is read as any existing file.
    const opened = openStateFile(file, { items: false });
    expect(opened.state).toEqual({ ...state, notes: [], clubs: [], interests: [], directions: [], experiences: [] });
    opened.persistence?.close();
  });

  it('seeds a new file with the profile items written as they are made, by a worker thread: the same file as the whole seed', async () => {
    const file = join(dir, 'seeded.db');
    rmSync(file, { force: true });
    const whole = seedState({ users: 40, channels: 3 });
    let whileWriting = 0;
    const made = await seedStateFile(file, (profileItems) => seedState({ users: 40, channels: 3, profileItems }), {
      whileWriting: () => whileWriting++,
    });
    made.persistence.close();
    expect(whileWriting).toBe(1);
    // In memory: the state without its items, the counters as far on as the whole seed's.
    expect(made.state).toEqual({ ...whole, notes: [], clubs: [], interests: [], directions: [], experiences: [] });
    // On disk: every item, in its order, beside the other rows; and the file takes writes as any other.
    expect(readSqliteState(file)).toEqual(whole);
    expect(readdirSync(dir).filter((name) => name.startsWith('seeded.db.'))).toEqual([]);
    const first = whole.users[0];
    const opened = openStateFile(file, { items: false });
    opened.persistence?.commit([{ collection: 'user', key: first?.id ?? '', value: { ...first, first_name: 'Ada' } }]);
    opened.persistence?.close();
    expect(readSqliteState(file).users[0]?.first_name).toBe('Ada');
    expect(readSqliteState(file).users).toHaveLength(40);
  });

  it('seeding a new file fails whole: nothing at the name, no temp file left', async () => {
    const file = join(dir, 'failed-seed.db');
    rmSync(file, { force: true });
    await expect(
      seedStateFile(file, (profileItems) => {
        const state = seedState({ users: 5, channels: 1, profileItems });
        // A row the file's STRICT tables refuse, as a damaged item would be.
        profileItems('note', { id: 'not a number', user_id: 'x', title: 't', note: 'n', date: 'd' });
        return state;
      }),
    ).rejects.toThrow(/cannot store TEXT value in INTEGER column|datatype mismatch/);
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(dir).filter((name) => name.startsWith('failed-seed.db'))).toEqual([]);
  });

  it('converts a JSON file of version 1 once, keeping the original beside it', () => {
    const file = join(dir, 'old-format.data');
    const state = seeded();
    const bytes = JSON.stringify(state);
    writeFileSync(file, bytes);
    const opened = openStateFile(file);
    opened.persistence?.close();
    expect(opened.notice).toMatch(/Converted .*old-format\.data from the JSON state format/);
    expect(opened.state).toEqual(state);
    expect(readFileSync(`${file}.v1.json`, 'utf8')).toBe(bytes);
    expect(readSqliteState(file)).toEqual(state);
    // Opened again, it is simply read.
    const again = openStateFile(file);
    again.persistence?.close();
    expect(again.notice).toBeUndefined();
    expect(again.state).toEqual(state);
  });

  const damaged: [string, string, RegExp][] = [
    [
      'a row that is not JSON',
      "UPDATE rows SET value = '{nope' WHERE collection = 'user' AND id = (SELECT min(id) FROM rows WHERE collection = 'user')",
      /the user row usr_\S+ is not JSON/,
    ],
    [
      'a row of an unknown kind',
      "INSERT INTO rows (collection, key, value) VALUES ('gremlin', 'x', '1')",
      /a row of unknown kind "gremlin"/,
    ],
    [
      'a user whose e-mail is a number',
      "UPDATE rows SET value = json_set(value, '$[1]', 5) WHERE collection = 'user'",
      /\/users\/0\/email must be string/,
    ],
    [
      'a user row a field short',
      "UPDATE rows SET value = json_remove(value, '$[21]') WHERE collection = 'user'",
      /the user row usr_\S+ cannot be read \(it has 21 fields, not 22/,
    ],
    [
      'a user kept as an object, without an e-mail',
      `UPDATE rows SET value = json_object('id', json_extract(value, '$[0]'), 'first_name', 'Ada') WHERE collection = 'user'`,
      /\/users\/0\/email is missing/,
    ],
    [
      'a note counter behind its ids',
      'UPDATE notes SET id = 99999 WHERE id = (SELECT min(id) FROM notes)',
      /\/next_id\/note is \d+ but id 99999 is taken/,
    ],
    ['no counters', "DELETE FROM rows WHERE collection = 'counters' AND key = 'next_id'", /\/next_id is missing/],
    [
      'another format version',
      "UPDATE meta SET value = '9' WHERE key = 'version'",
      /unknown state version 9 \(this mock reads versions 2 to 4\)/,
    ],
    ['no meta table', 'DROP TABLE meta', /not a Cohort state database/],
  ];
  it.each(damaged)('refuses %s, naming it, and leaves the file as it was', (_name, sql, want) => {
    const file = writtenFile('damaged.db');
    const raw = new Database(file);
    raw.exec(sql);
    raw.pragma('journal_mode = DELETE');
    raw.close();
    const bytes = readFileSync(file);
    expect(() => openStateFile(file)).toThrow(want);
    expect(() => openStateFile(file)).toThrow(/damaged\.db is not a usable Cohort state file: /);
    // The same when the profile items are left in the file (how the mock starts).
    expect(() => openStateFile(file, { items: false })).toThrow(want);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('keeps each profile item in typed columns: SQLite itself refuses an item of the wrong shape', () => {
    const file = writtenFile('typed.db');
    const raw = new Database(file);
    expect(() => raw.exec('UPDATE notes SET title = NULL')).toThrow(/NOT NULL constraint failed: notes.title/);
    expect(() => raw.exec("UPDATE experiences SET year = 'soon'")).toThrow(/cannot store TEXT value in INTEGER/);
    raw.close();
  });

  /** Makes a user row what versions 2 and 3 wrote: the user as a JSON object. */
  const usersAsObjects = (raw: Database.Database) => {
    const users = raw.prepare("SELECT id, value FROM rows WHERE collection = 'user'").raw().all() as [number, string][];
    const put = raw.prepare('UPDATE rows SET value = ? WHERE id = ?');
    for (const [id, text] of users) put.run(JSON.stringify(rowValue('user', text)), id);
  };
  const userRowsAreArrays = (file: string) => {
    const raw = new Database(file, { readonly: true });
    const texts = raw.prepare("SELECT value FROM rows WHERE collection = 'user'").pluck().all() as string[];
    raw.close();
    return texts.length > 0 && texts.every((text) => text.startsWith('['));
  };

  it('keeps each user as the values of its fields, in a fixed order; an unusual user as its object', () => {
    const state = seeded();
    for (const user of state.users) {
      const text = rowText('user', user);
      const resume = user.resume === undefined ? [] : [user.resume];
      expect(JSON.parse(text)).toEqual([...USER_FIELDS.map((field) => user[field]), ...resume]);
      expect(rowValue('user', text)).toEqual(user);
    }
    // The seed gives some users a resume, which comes last.
    expect(state.users.some((user: { resume?: unknown }) => user.resume !== undefined)).toBe(true);
    // A field beyond the list, or one missing: kept whole, as the object.
    const withExtra = { ...state.users[0], nickname: 'Ada' };
    const { phone: _phone, ...withoutPhone } = state.users[1];
    for (const user of [withExtra, withoutPhone]) {
      expect(JSON.parse(rowText('user', user))).toEqual(user);
      expect(rowValue('user', rowText('user', user))).toEqual(user);
    }
    // Other rows are their JSON.
    expect(rowText('note', state.notes[0])).toBe(JSON.stringify(state.notes[0]));
    expect(() => rowValue('user', '[1, 2]')).toThrow('it has 2 fields, not 22 (or 23 with a resume)');
    // Written through a file, users are arrays there.
    const file = join(dir, 'arrays.db');
    rmSync(file, { force: true });
    const db = SqliteStateFile.create(file);
    db.replace(state);
    db.commit([{ collection: 'user', key: withoutPhone.id, value: withoutPhone }]);
    db.close();
    expect(readSqliteState(file).users[1]).toEqual(withoutPhone);
  });

  it('moves a file of version 3 (users as JSON objects) to version 4 in place, keeping everything', () => {
    const state = seeded();
    const file = writtenFile('version-3.db', state);
    const raw = new Database(file);
    usersAsObjects(raw);
    raw.exec("UPDATE meta SET value = '3' WHERE key = 'version'");
    raw.close();
    expect(userRowsAreArrays(file)).toBe(false);
    const opened = openStateFile(file);
    opened.persistence?.close();
    expect(opened.notice).toMatch(
      /Moved .*version-3\.db from state version 3 to 4 \(users kept as their fields' values\)/,
    );
    expect(opened.state).toEqual(state);
    expect(userRowsAreArrays(file)).toBe(true);
    expect(readSqliteState(file)).toEqual(state);
    const again = openStateFile(file);
    again.persistence?.close();
    expect(again.notice).toBeUndefined();
  });

  it('moves a file of version 2 (items as JSON rows) to version 4 in place, keeping everything', () => {
    const state = seeded();
    const file = writtenFile('version-2.db', state);
    // Make it what version 2 wrote: every item a JSON row, no item tables.
    const raw = new Database(file);
    for (const [collection, table] of [
      ['note', 'notes'],
      ['club', 'clubs'],
      ['interest', 'interests'],
      ['direction', 'directions'],
      ['experience', 'experiences'],
    ]) {
      const rows = raw.prepare(`SELECT * FROM ${table} ORDER BY id`).all() as Record<string, unknown>[];
      const insert = raw.prepare('INSERT INTO rows (collection, key, value) VALUES (?, ?, ?)');
      for (const row of rows) insert.run(collection, String(row.id), JSON.stringify(row));
      raw.exec(`DROP TABLE ${table}`);
    }
    usersAsObjects(raw);
    raw.exec("UPDATE meta SET value = '2' WHERE key = 'version'");
    raw.close();
    const opened = openStateFile(file);
    opened.persistence?.close();
    expect(opened.notice).toMatch(
      /Moved .*version-2\.db from state version 2 to 4 \(profile items in their own tables, users/,
    );
    expect(userRowsAreArrays(file)).toBe(true);
    expect(opened.state).toEqual(state);
    expect(readSqliteState(file)).toEqual(state);
    const again = openStateFile(file, { items: false });
    again.persistence?.close();
    expect(again.notice).toBeUndefined();
    expect(again.state).toEqual({ ...state, notes: [], clubs: [], interests: [], directions: [], experiences: [] });
  });
});

describe('SQLite state file: checkpoints off the request path', () => {
  it('a checkpointer that cannot open its file says so, so the writer checkpoints again', async () => {
    let failed = false;
    new Checkpointer(join(dir, 'no-such-file.db'), 10, () => {
      failed = true;
    });
    await expect.poll(() => failed, { timeout: 10_000 }).toBe(true);
  });

  it('a commit never checkpoints: with the worker waiting, 3,000 pages of commits stay in the WAL', () => {
    const file = join(dir, 'no-checkpoint.db');
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    const db = SqliteStateFile.create(file, { checkpointMs: 600_000 });
    const sizeAtStart = statSync(file).size;
    // SQLite's own automatic checkpoint would copy them into the file at 1,000 pages.
    for (let i = 1; i <= 3000; i++) db.commit([{ collection: 'token', key: `t${i}`, value: { id: i } }]);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(3000 * 4096);
    expect(statSync(file).size).toBe(sizeAtStart);
    db.close();
    const back = new Database(file, { readonly: true });
    expect(back.prepare("SELECT count(*) AS n FROM rows WHERE collection = 'token'").get()).toEqual({ n: 3000 });
    back.close();
  });

  it('writes that never pause do not grow the WAL for ever: past the limit the writer finishes the copy and it starts over', async () => {
    const file = join(dir, 'sustained.db');
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    // A 1 MiB limit (256 pages) and a pass every 5 ms; 40,000 commits of a 1 KB row, back to back.
    const db = SqliteStateFile.create(file, { checkpointMs: 5, walLimitPages: 256 });
    // Starting a thread and loading SQLite into it can take a second on a busy machine: the writes
    // begin once the worker is making its passes (until then nothing could copy a page).
    await expect.poll(() => db.checkpointPasses, { timeout: 10_000 }).toBeGreaterThan(0);
    const row = { id: 0, text: 'x'.repeat(1000) };
    const sizes: number[] = [];
    for (let i = 1; i <= 40_000; i++) {
      db.commit([{ collection: 'token', key: `t${i}`, value: { ...row, id: i } }]);
      if (i % 500 === 0) sizes.push(statSync(`${file}-wal`).size);
    }
    // Without the writer's help the WAL would only grow, to a page per commit (over 160 MB): here it
    // starts over (and is cut back) again and again, through to the last writes. How large it gets
    // between two starts depends on how often a busy machine lets the worker run (a few MB here,
    // 67 MB with four other processes spinning on two cores), so only the page-per-commit size is
    // a bound.
    const startsOver = sizes.flatMap((size, i) => (i > 0 && size < (sizes[i - 1] ?? 0) ? [i] : []));
    expect(startsOver.length).toBeGreaterThan(2);
    expect(Math.max(...startsOver)).toBeGreaterThanOrEqual(sizes.length / 2);
    expect(Math.max(...sizes)).toBeLessThan(40_000 * 4096);
    db.close();
    const back = new Database(file, { readonly: true });
    expect(back.prepare("SELECT count(*) AS n FROM rows WHERE collection = 'token'").get()).toEqual({ n: 40_000 });
    back.close();
  });

  it('a worker thread copies the committed pages from the WAL into the file while it is open; close leaves no WAL', async () => {
    const file = join(dir, 'checkpoints.db');
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    const db = SqliteStateFile.create(file);
    const sizeAtStart = statSync(file).size;
    const note = {
      id: 0,
      user_id: 'usr_checkpoint',
      title: 'A checkpointed note',
      note: 'x'.repeat(500),
      date: '2026-11-28',
    };
    // Far past SQLite's own automatic checkpoint (1,000 pages), in commits of one row each.
    for (let i = 1; i <= 3000; i++) db.commit([{ collection: 'token', key: `t${i}`, value: { ...note, id: i } }]);
    // The rows' text alone is 1.5 MB: it reaches the file itself without a commit checkpointing
    // (the writer's automatic checkpoint is off) and without a close.
    await expect
      .poll(() => statSync(file).size, { timeout: 10_000, interval: 50 })
      .toBeGreaterThan(sizeAtStart + 3000 * 500);
    db.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    const back = new Database(file, { readonly: true });
    expect(back.prepare("SELECT count(*) AS n FROM rows WHERE collection = 'token'").get()).toEqual({ n: 3000 });
    back.close();
  });
});
