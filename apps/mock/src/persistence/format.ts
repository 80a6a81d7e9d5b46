import { closeSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Row, rowsOf } from '../store/rows.ts';
import type { State } from '../store/types.ts';
import { type Database, openDatabase } from './driver.ts';
import { ITEM_SCHEMA, ItemTables } from './items.ts';
import { rowText } from './values.ts';

/** What a `--data` file holds: this format's name and version, in its `meta` table. */
export const STATE_FORMAT = 'cohort-mock-state';
export const STATE_FORMAT_VERSION = 4;

/**
 * The tables. A row's (collection, key) is unique by an index of its own (files before this one
 * have it as the table's UNIQUE constraint, which works the same): a new file built in bulk
 * creates it after the rows, in one sorted pass instead of a hundred thousand random inserts.
 */
const SCHEMA = `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE rows (
    id INTEGER PRIMARY KEY,
    collection TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL
  );
  ${ITEM_SCHEMA}
`;
export const ROW_KEY_INDEX = 'CREATE UNIQUE INDEX IF NOT EXISTS rows_by_key ON rows (collection, key)';

export function createSchema(db: Database): void {
  db.exec(SCHEMA);
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?), (?, ?)').run(
    'format',
    STATE_FORMAT,
    'version',
    String(STATE_FORMAT_VERSION),
  );
}

/** Rows per statement when rows are written in bulk. */
const ROW_BATCH = 100;

/** Writes rows given as flat (collection, key, JSON text) triples, `ROW_BATCH` to a statement. */
export function rowWriter(db: Database): { add: (flat: readonly unknown[]) => void; end: () => void } {
  const one = db.prepare('INSERT INTO rows (collection, key, value) VALUES (?, ?, ?)');
  const many = db.prepare(
    `INSERT INTO rows (collection, key, value) VALUES ${Array.from({ length: ROW_BATCH }, () => '(?, ?, ?)').join(', ')}`,
  );
  const values: unknown[] = [];
  return {
    add: (flat) => {
      for (const value of flat) {
        values.push(value);
        if (values.length === ROW_BATCH * 3) {
          many.run(values);
          values.length = 0;
        }
      }
    },
    end: () => {
      for (let at = 0; at < values.length; at += 3) one.run(values[at], values[at + 1], values[at + 2]);
      values.length = 0;
    },
  };
}

/** A state's rows other than its profile items as flat (collection, key, text) triples (`rowText`), `size` rows at a time. */
export function* flatRows(state: State, size: number): Generator<unknown[]> {
  let flat: unknown[] = [];
  for (const { collection, key, value } of rowsOf(state, { items: false }) as Generator<Row>) {
    flat.push(collection, key, rowText(collection, value));
    if (flat.length === size * 3) {
      yield flat;
      flat = [];
    }
  }
  if (flat.length > 0) yield flat;
}

/**
 * A new file being built beside `file` (`<file>.<pid>.tmp`, which the lock's sweep removes if the
 * process dies first), in one transaction, without a journal: nothing to roll back to, since a
 * failed build is never renamed into place. `end` builds the row key index, commits, syncs the
 * file and renames it into place (then syncs the directory): `file` appears whole or not at all,
 * and the bulk is written once instead of through the WAL and again into the database.
 */
export class FileBuild {
  readonly db: Database;
  readonly items: ItemTables;
  readonly #tmp: string;
  readonly #file: string;

  constructor(file: string, pid = process.pid) {
    this.#file = file;
    this.#tmp = `${file}.${pid}.tmp`;
    rmSync(this.#tmp, { force: true });
    this.db = openDatabase(this.#tmp);
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    // A modest cache: without a journal, pages it cannot hold are written to the file as the build
    // goes (while the seed is still being made), not all at the commit. With 256 MB, the whole
    // 150 MB of a 100,000-user seed waited for the commit, which took twice as long.
    this.db.pragma('cache_size = -16384');
    this.db.exec('BEGIN');
    createSchema(this.db);
    this.items = new ItemTables(this.db);
  }

  end(beforeRename?: () => void): void {
    try {
      this.db.exec(ROW_KEY_INDEX);
      this.db.exec('COMMIT');
    } finally {
      this.db.close();
    }
    syncFile(this.#tmp);
    beforeRename?.();
    renameSync(this.#tmp, this.#file);
    syncFile(dirname(this.#file));
  }

  /** Writes what the file holds so far to disk (fsync), so the end's fsync has less to wait for. */
  flush(): void {
    syncFile(this.#tmp);
  }

  /** Gives up: the temp file goes. */
  abandon(): void {
    if (this.db.open) this.db.close();
    rmSync(this.#tmp, { force: true });
  }
}

/** fsync a file or a directory (so a rename into it is durable). */
function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
