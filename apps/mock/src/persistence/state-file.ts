import type { ProfileSource } from '../store/item-source.ts';
import type { Row } from '../store/rows.ts';
import type { Persistence } from '../store/store.ts';
import type { State } from '../store/types.ts';
import { Checkpointer, WAL_LIMIT_PAGES } from './checkpointer.ts';
import { type Database, openDatabase, type Statement } from './driver.ts';
import {
  createSchema,
  FileBuild,
  flatRows,
  ROW_KEY_INDEX,
  rowWriter,
  STATE_FORMAT,
  STATE_FORMAT_VERSION,
} from './format.ts';
import { ItemTables, isProfileCollection } from './items.ts';
import { rowText } from './values.ts';

export { STATE_FORMAT, STATE_FORMAT_VERSION };

// The file once open: its writes. Opening it (reading, checking, moving an older version on) is
// open.ts.

export interface FileOptions {
  /** How often the worker thread checkpoints the WAL (default `CHECKPOINT_INTERVAL_MS`). */
  checkpointMs?: number;
  /** WAL pages past which the writer finishes a checkpoint the worker's passes could not (default `WAL_LIMIT_PAGES`). */
  walLimitPages?: number;
}

/**
 * `--data` on SQLite (better-sqlite3, WAL): one row per user, token, note, message, … (see
 * store/rows.ts). Each `commit` writes only the rows it is given (what one turn of the event
 * loop's transactions changed: `Store` batches them), in one SQLite transaction, before any answer
 * of that turn is sent; an upsert keeps a row's first position, so loading in
 * row order rebuilds every list in its order. `synchronous = NORMAL`: an acknowledged write
 * survives the process being killed (it is in the WAL); a power cut may lose the last few.
 * Checkpoints run in a worker thread (`Checkpointer`), never inside a request's commit.
 */
export class SqliteStateFile implements Persistence {
  readonly #db: Database;
  readonly #items: ItemTables;
  readonly #upsert: Statement<[string, string, string]>;
  readonly #remove: Statement<[string, string]>;
  readonly #write: (rows: Iterable<Row>) => void;
  readonly #replace: (state: State) => void;
  readonly #checkpointer: Checkpointer | undefined;

  private constructor(db: Database, { checkpointMs, walLimitPages = WAL_LIMIT_PAGES }: FileOptions = {}) {
    this.#db = db;
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    // When the WAL starts over, the file is cut back to this size (it would stay as large as it grew).
    const pageBytes = Number(db.pragma('page_size', { simple: true }));
    db.pragma(`journal_size_limit = ${walLimitPages * pageBytes}`);
    if (!db.memory) {
      db.pragma('wal_autocheckpoint = 0');
      this.#checkpointer = new Checkpointer(
        db.name,
        checkpointMs,
        () => {
          if (db.open) db.pragma('wal_autocheckpoint = 1000');
        },
        walLimitPages,
      );
    }
    this.#upsert = db.prepare(
      'INSERT INTO rows (collection, key, value) VALUES (?, ?, ?) ON CONFLICT (collection, key) DO UPDATE SET value = excluded.value',
    );
    this.#remove = db.prepare('DELETE FROM rows WHERE collection = ? AND key = ?');
    this.#items = new ItemTables(db);
    const put = (rows: Iterable<Row>) => {
      for (const { collection, key, value } of rows) {
        if (isProfileCollection(collection)) this.#items.write(collection, key, value);
        else if (value === undefined) this.#remove.run(collection, key);
        else this.#upsert.run(collection, key, rowText(collection, value));
      }
    };
    this.#write = db.transaction(put);
    const replace = db.transaction((state: State) => {
      db.exec('DELETE FROM rows');
      this.#items.clear();
      writeWhole(db, this.#items, state);
    });
    // A whole state at once (a seed of 100,000 users: a million rows) goes far faster with the
    // pages it is writing kept in memory than through SQLite's default 2 MB cache.
    this.#replace = (state) => {
      const cache = db.pragma('cache_size', { simple: true });
      db.pragma('cache_size = -262144');
      try {
        replace(state);
      } finally {
        db.pragma(`cache_size = ${Number(cache)}`);
      }
    };
  }

  /** The profile items as committed, for a store that reads them per user (`StoreOptions.items`). */
  get items(): ProfileSource {
    return this.#items.source;
  }

  /** How many checkpoint passes the worker thread has made (0 while it starts, and with no worker). */
  get checkpointPasses(): number {
    return this.#checkpointer?.passes ?? 0;
  }

  commit(rows: Row[]): void {
    this.#write(rows);
    const checkpointer = this.#checkpointer;
    if (checkpointer?.behind) {
      // Between this writer's own transactions nothing else writes: this pass copies every page
      // (unless the worker is in the middle of one: then the next commit tries again).
      const [done] = this.#db.pragma('wal_checkpoint(PASSIVE)') as {
        busy: number;
        log: number;
        checkpointed: number;
      }[];
      if (done && done.busy === 0 && done.checkpointed === done.log) checkpointer.caughtUp();
    }
  }

  replace(state: State): void {
    this.#replace(state);
  }

  close(): void {
    this.#checkpointer?.stop();
    if (this.#db.open) this.#db.close();
  }

  /** A new, empty file in this format. */
  static create(file: string, options?: FileOptions): SqliteStateFile {
    const db = openDatabase(file);
    createSchema(db);
    db.exec(ROW_KEY_INDEX);
    return new SqliteStateFile(db, options);
  }

  /**
   * A new file holding `state` (a converted JSON file), built beside `file` and renamed into place
   * (`FileBuild`). A fresh seed is built by `seedStateFile` (seed-file.ts) instead.
   */
  static build(file: string, state: State, { beforeRename }: { beforeRename?: () => void } = {}): SqliteStateFile {
    const build = new FileBuild(file);
    try {
      writeWhole(build.db, build.items, state);
    } catch (error) {
      build.abandon();
      throw error;
    }
    build.end(beforeRename);
    return SqliteStateFile.openExisting(file);
  }

  static openExisting(file: string): SqliteStateFile {
    return new SqliteStateFile(openDatabase(file, { fileMustExist: true }));
  }
}

/**
 * Writes a whole state into emptied tables (inside the caller's transaction): the profile items
 * in bulk, the other rows `ROW_BATCH` to a statement, in `rowsOf`'s order.
 */
function writeWhole(db: Database, items: ItemTables, state: State): void {
  items.writeAll(state);
  const rows = rowWriter(db);
  for (const flat of flatRows(state, 1_000)) rows.add(flat);
  rows.end();
}
