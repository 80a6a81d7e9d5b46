import { closeSync, existsSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { readStateFile, StateFileError } from './persistence.ts';
import { stateFileProblem } from './state-schema.ts';
import { COLLECTIONS, type Collection, type Row, rowsOf, stateFromRows } from './store/rows.ts';
import type { Persistence } from './store/store.ts';
import type { State } from './store/types.ts';

/** What a `--data` file holds: this format's name and version, in its `meta` table. */
export const STATE_FORMAT = 'cohort-mock-state';
export const STATE_FORMAT_VERSION = 2;
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

const SCHEMA = `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE rows (
    id INTEGER PRIMARY KEY,
    collection TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    UNIQUE (collection, key)
  );
`;

/**
 * `--data` on SQLite (better-sqlite3, WAL): one row per user, token, note, message, … (see
 * store/rows.ts). Each committed transaction writes only the rows it changed, in one SQLite
 * transaction, before the answer is sent; an upsert keeps a row's first position, so loading in
 * row order rebuilds every list in its order. `synchronous = NORMAL`: an acknowledged write
 * survives the process being killed (it is in the WAL); a power cut may lose the last few.
 */
export class SqliteStateFile implements Persistence {
  readonly #db: Database.Database;
  readonly #upsert: Database.Statement<[string, string, string]>;
  readonly #remove: Database.Statement<[string, string]>;
  readonly #write: (rows: Iterable<Row>) => void;
  readonly #replace: (state: State) => void;

  private constructor(db: Database.Database) {
    this.#db = db;
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    this.#upsert = db.prepare(
      'INSERT INTO rows (collection, key, value) VALUES (?, ?, ?) ON CONFLICT (collection, key) DO UPDATE SET value = excluded.value',
    );
    this.#remove = db.prepare('DELETE FROM rows WHERE collection = ? AND key = ?');
    const put = (rows: Iterable<Row>) => {
      for (const { collection, key, value } of rows) {
        if (value === undefined) this.#remove.run(collection, key);
        else this.#upsert.run(collection, key, JSON.stringify(value));
      }
    };
    this.#write = db.transaction(put);
    this.#replace = db.transaction((state: State) => {
      db.exec('DELETE FROM rows');
      put(rowsOf(state));
    });
  }

  commit(rows: Row[]): void {
    this.#write(rows);
  }

  replace(state: State): void {
    this.#replace(state);
  }

  close(): void {
    if (this.#db.open) this.#db.close();
  }

  /** A new, empty file in this format. */
  static create(file: string): SqliteStateFile {
    const db = new Database(file);
    db.exec(SCHEMA);
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?), (?, ?)').run(
      'format',
      STATE_FORMAT,
      'version',
      String(STATE_FORMAT_VERSION),
    );
    return new SqliteStateFile(db);
  }

  static openExisting(file: string): SqliteStateFile {
    return new SqliteStateFile(new Database(file, { fileMustExist: true }));
  }
}

export interface OpenedState {
  /** The state the file holds; undefined for a new file (the caller seeds and `replace`s). */
  state: State | undefined;
  persistence: SqliteStateFile;
  /** A line to print: the file was converted from the older JSON format. */
  notice?: string;
}

const refuse = (file: string, why: string) =>
  new StateFileError(
    `${file} is not a usable Cohort state file: ${why} (fix it, move it aside, or use another --data file)`,
  );

function startsLikeSqlite(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length);
    const read = readSync(fd, head, 0, head.length, 0);
    return read === head.length && head.equals(SQLITE_HEADER);
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads a state file in this format, read-only, refusing it whole (with the first bad thing named)
 * unless every row is there and the state they make passes the state schema. The file is not
 * changed, not even by a WAL checkpoint, before it has passed.
 */
export function readSqliteState(file: string): State {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw refuse(file, `cannot be opened (${error instanceof Error ? error.message : String(error)})`);
  }
  try {
    let meta: Map<string, string>;
    try {
      meta = new Map(
        (db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[]).map((r) => [
          r.key,
          r.value,
        ]),
      );
    } catch (error) {
      throw refuse(file, `not a Cohort state database (${error instanceof Error ? error.message : String(error)})`);
    }
    if (meta.get('format') !== STATE_FORMAT)
      throw refuse(file, `not a Cohort state database (format ${meta.get('format')})`);
    if (meta.get('version') !== String(STATE_FORMAT_VERSION)) {
      throw refuse(
        file,
        `unknown state version ${meta.get('version')} (this mock reads version ${STATE_FORMAT_VERSION})`,
      );
    }
    const known = new Set<string>(COLLECTIONS);
    const rows: Row[] = [];
    try {
      for (const r of db.prepare('SELECT collection, key, value FROM rows ORDER BY id').iterate() as Iterable<{
        collection: string;
        key: string;
        value: string;
      }>) {
        if (!known.has(r.collection)) throw refuse(file, `a row of unknown kind ${JSON.stringify(r.collection)}`);
        let value: unknown;
        try {
          value = JSON.parse(r.value);
        } catch {
          throw refuse(file, `the ${r.collection} row ${r.key} is not JSON`);
        }
        rows.push({ collection: r.collection as Collection, key: r.key, value });
      }
    } catch (error) {
      if (error instanceof StateFileError) throw error;
      throw refuse(file, `its rows cannot be read (${error instanceof Error ? error.message : String(error)})`);
    }
    const state = stateFromRows(rows);
    const problem = stateFileProblem(state);
    if (problem) throw refuse(file, problem);
    return state as State;
  } finally {
    db.close();
  }
}

/** Removes a state file and SQLite's files beside it (`--fresh`); the caller holds the lock. */
export function removeStateFile(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
}

/**
 * Opens `--data`: a new file is created; a file in this format is read (and refused whole if
 * damaged); a file in the older JSON format (version 1) is checked the same way, then converted
 * once: the new file is built beside it and renamed over it, the original kept as `<file>.v1.json`.
 * The caller holds the file's lock (`lockStateFile`).
 */
export function openStateFile(file: string): OpenedState {
  if (!existsSync(file)) return { state: undefined, persistence: SqliteStateFile.create(file) };
  if (startsLikeSqlite(file)) {
    const state = readSqliteState(file);
    return { state, persistence: SqliteStateFile.openExisting(file) };
  }
  // Not SQLite: the JSON format of earlier versions, or damage; either way it must pass its checks first.
  const legacy = readStateFile(file);
  if (!legacy) throw refuse(file, 'it vanished while being read');
  const tmp = `${file}.${process.pid}.tmp`;
  rmSync(tmp, { force: true });
  const built = SqliteStateFile.create(tmp);
  built.replace(legacy);
  built.close();
  const kept = `${file}.v1.json`;
  renameSync(file, kept);
  renameSync(tmp, file);
  return {
    state: legacy,
    persistence: SqliteStateFile.openExisting(file),
    notice: `Converted ${file} from the JSON state format (version 1) to SQLite; the original is kept as ${kept}.`,
  };
}
