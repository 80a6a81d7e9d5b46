import { closeSync, existsSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import { collectionNamed } from '../store/collections.ts';
import { PROFILE_COLLECTIONS } from '../store/item-source.ts';
import { type Row, stateFromRows } from '../store/rows.ts';
import type { State } from '../store/types.ts';
import { readStateFile, StateFileError } from './data-file.ts';
import { type Database, openDatabase } from './driver.ts';
import { STATE_FORMAT, STATE_FORMAT_VERSION } from './format.ts';
import { ItemTables, migrateItemRows } from './items.ts';
import { quickCheck, startQuickCheck } from './quick-check.ts';
import { stateFileProblem } from './state-check.ts';
import { SqliteStateFile } from './state-file.ts';
import { rowText, rowValue } from './values.ts';

// Opening `--data`: a file is read read-only and checked whole before anything else happens to it;
// an older version is then moved to this one in place. Its writes are state-file.ts.

/**
 * The older versions this mock reads, and moves to this one in place: version 2 kept the profile
 * items as JSON rows too; versions 2 and 3 kept each user as a JSON object (`values.ts`).
 */
const OLDEST_VERSION = 2;
/** The first version with the profile items in tables of their own. */
const ITEM_TABLES_SINCE = 3;
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

export type OpenedState =
  | {
      /** The state the file holds. */
      state: State;
      persistence: SqliteStateFile;
      /** A line to print: the file was converted from the older JSON format. */
      notice?: string;
    }
  /** No such file: the caller seeds and creates it (`SqliteStateFile.build`). */
  | { state: undefined; persistence?: undefined; notice?: undefined };

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
 * Reads a state file in this format (or an older version of it), read-only, refusing it whole (with the
 * first bad thing named) unless every row is there and the state they make passes the state
 * schema. The file is not changed, not even by a WAL checkpoint, before it has passed. With
 * `items: false` the profile items of a current file are left where they are (the state's lists
 * are empty; their tables' types were checked by SQLite as they were written, and their ids are
 * checked against the counters here).
 */
export function readSqliteState(file: string, { items = true }: { items?: boolean } = {}): State {
  return readSqlite(file, items).state;
}

function readSqlite(file: string, items: boolean): { state: State; version: number } {
  let db: Database;
  try {
    db = openDatabase(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw refuse(file, `cannot be opened (${error instanceof Error ? error.message : String(error)})`);
  }
  // SQLite's own check reads every page on a thread of its own while the rows are read here.
  const check = startQuickCheck(file, () => quickCheck(db));
  try {
    let meta: Map<string, string>;
    try {
      meta = new Map(db.prepare('SELECT key, value FROM meta').raw().all() as [string, string][]);
    } catch (error) {
      throw refuse(file, `not a Cohort state database (${error instanceof Error ? error.message : String(error)})`);
    }
    if (meta.get('format') !== STATE_FORMAT)
      throw refuse(file, `not a Cohort state database (format ${meta.get('format')})`);
    const version = Number(meta.get('version'));
    if (!Number.isInteger(version) || version < OLDEST_VERSION || version > STATE_FORMAT_VERSION) {
      throw refuse(
        file,
        `unknown state version ${meta.get('version')} (this mock reads versions ${OLDEST_VERSION} to ${STATE_FORMAT_VERSION})`,
      );
    }
    // Read straight into the state, row by row (no list of every row in between).
    function* rows(): Generator<Row> {
      for (const [collection, key, text] of db
        .prepare('SELECT collection, key, value FROM rows ORDER BY id')
        .raw()
        .iterate() as Iterable<[string, string, string]>) {
        if (!collectionNamed(collection)) throw refuse(file, `a row of unknown kind ${JSON.stringify(collection)}`);
        let value: unknown;
        try {
          value = rowValue(collection, text);
        } catch (error) {
          throw refuse(
            file,
            error instanceof SyntaxError
              ? `the ${collection} row ${key} is not JSON`
              : `the ${collection} row ${key} cannot be read (${error instanceof Error ? error.message : String(error)})`,
          );
        }
        yield { collection, key, value };
      }
    }
    let state: State;
    try {
      state = stateFromRows(rows()) as State;
      if (version >= ITEM_TABLES_SINCE && items) Object.assign(state, ItemTables.readAll(db));
    } catch (error) {
      if (error instanceof StateFileError) throw error;
      throw refuse(file, `its rows cannot be read (${error instanceof Error ? error.message : String(error)})`);
    }
    const damage = check.result();
    if (damage) throw refuse(file, `SQLite's quick check finds it damaged (${damage})`);
    const lists = version >= ITEM_TABLES_SINCE && items;
    const problem =
      stateFileProblem(state) ?? (lists || version < ITEM_TABLES_SINCE ? undefined : idProblem(db, state));
    if (problem) throw refuse(file, problem);
    return { state, version };
  } finally {
    check.stop();
    db.close();
  }
}

/** A counter at or behind the highest id in its table would hand out an id that is taken. */
function idProblem(db: Database, state: State): string | undefined {
  const max = ItemTables.maxIds(db);
  for (const collection of PROFILE_COLLECTIONS) {
    const next = state.next_id[collection];
    if (next <= max[collection])
      return `/next_id/${collection} is ${next} but id ${max[collection]} is taken (new ids would repeat it)`;
  }
  return undefined;
}

/** Removes a state file and SQLite's files beside it (`--fresh`); the caller holds the lock. */
export function removeStateFile(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
}

/**
 * Opens `--data`: a new file is created; a file in this format is read (and refused whole if
 * damaged); a file of an older version (2 or 3) is checked the same way, then moved to this version in
 * place, in one SQLite transaction; a file in the older JSON format (version 1) is checked, then
 * converted once: the new file is built beside it and renamed over it, the original kept as
 * `<file>.v1.json`. With `items: false` the state comes without the profile items (read them
 * through `persistence.items`). The caller holds the file's lock (`lockStateFile`).
 */
export function openStateFile(file: string, { items = true }: { items?: boolean } = {}): OpenedState {
  const withoutItems = (state: State): State =>
    items ? state : { ...state, notes: [], clubs: [], interests: [], directions: [], experiences: [] };
  if (!existsSync(file)) return { state: undefined };
  if (startsLikeSqlite(file)) {
    const { state, version } = readSqlite(file, items);
    if (version === STATE_FORMAT_VERSION) return { state, persistence: SqliteStateFile.openExisting(file) };
    const db = openDatabase(file, { fileMustExist: true });
    try {
      db.transaction(() => {
        if (version < ITEM_TABLES_SINCE) migrateItemRows(db);
        const rewrite = db.prepare('UPDATE rows SET value = ? WHERE id = ?');
        const users = db.prepare("SELECT id, value FROM rows WHERE collection = 'user'").raw().all() as [
          number,
          string,
        ][];
        for (const [id, text] of users) rewrite.run(rowText('user', rowValue('user', text)), id);
        db.prepare('UPDATE meta SET value = ? WHERE key = ?').run(String(STATE_FORMAT_VERSION), 'version');
      })();
    } catch (error) {
      throw refuse(
        file,
        `cannot be moved to version ${STATE_FORMAT_VERSION} (${error instanceof Error ? error.message : String(error)})`,
      );
    } finally {
      db.close();
    }
    return {
      state: withoutItems(state),
      persistence: SqliteStateFile.openExisting(file),
      notice: `Moved ${file} from state version ${version} to ${STATE_FORMAT_VERSION} (${version < ITEM_TABLES_SINCE ? 'profile items in their own tables, ' : ''}users kept as their fields' values).`,
    };
  }
  // Not SQLite: the JSON format of earlier versions, or damage; either way it must pass its checks first.
  const legacy = readStateFile(file);
  if (!legacy) throw refuse(file, 'it vanished while being read');
  const kept = `${file}.v1.json`;
  const persistence = SqliteStateFile.build(file, legacy, { beforeRename: () => renameSync(file, kept) });
  return {
    state: withoutItems(legacy),
    persistence,
    notice: `Converted ${file} from the JSON state format (version 1) to SQLite; the original is kept as ${kept}.`,
  };
}
