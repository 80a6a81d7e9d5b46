import {
  type ItemSource,
  PROFILE_COLLECTIONS,
  type ProfileCollection,
  type ProfileItems,
  type ProfileSource,
} from '../store/item-source.ts';
import type { Database, Statement } from './driver.ts';

/**
 * The profile items (five-sixths of a 100,000-user file's rows) in a table each, a column per
 * field, rather than as JSON rows: STRICT tables with NOT NULL keep every row the shape the store
 * needs (SQLite refuses anything else), so a start need not read them to check them, and the
 * store reads one user's items when it first needs them (by the `user_id` index).
 */
const TABLES: Record<ProfileCollection, { table: string; columns: string }> = {
  note: { table: 'notes', columns: 'title TEXT NOT NULL, note TEXT NOT NULL, date TEXT NOT NULL' },
  club: { table: 'clubs', columns: 'name TEXT NOT NULL, position TEXT NOT NULL' },
  interest: { table: 'interests', columns: 'name TEXT NOT NULL, prefixed_id TEXT NOT NULL' },
  direction: { table: 'directions', columns: 'name TEXT NOT NULL, position TEXT' },
  experience: {
    table: 'experiences',
    columns: 'university_id INTEGER NOT NULL, concern TEXT NOT NULL, degree TEXT NOT NULL, year INTEGER NOT NULL',
  },
};

/** Rows per statement in a bulk write. */
const BATCH = 100;

const fieldsOf = (collection: ProfileCollection) => [
  'id',
  'user_id',
  ...TABLES[collection].columns.split(', ').map((column) => column.split(' ')[0] as string),
];

/** Each kind's fields in its table's column order (how a bulk write takes items as flat values). */
export const ITEM_FIELDS: Readonly<Record<ProfileCollection, readonly string[]>> = Object.fromEntries(
  PROFILE_COLLECTIONS.map((c) => [c, fieldsOf(c)]),
) as Record<ProfileCollection, string[]>;

export const isProfileCollection = (collection: string): collection is ProfileCollection =>
  (PROFILE_COLLECTIONS as readonly string[]).includes(collection);

/** The tables' schema (a new file, or a file of the previous version being migrated). */
export const ITEM_SCHEMA = PROFILE_COLLECTIONS.map((collection) => {
  const { table, columns } = TABLES[collection];
  return `CREATE TABLE ${table} (id INTEGER PRIMARY KEY, user_id TEXT NOT NULL, ${columns}) STRICT; ${ownerIndex(collection)}`;
}).join('\n');

function ownerIndex(collection: ProfileCollection): string {
  const { table } = TABLES[collection];
  return `CREATE INDEX IF NOT EXISTS ${table}_by_user ON ${table} (user_id, id);`;
}

/**
 * Moves the items of a file of the previous version (one JSON row each in `rows`) into their
 * tables. Run inside the caller's transaction, on a file whose rows have passed the state check.
 */
export function migrateItemRows(db: Database): void {
  db.exec(ITEM_SCHEMA);
  for (const collection of PROFILE_COLLECTIONS) {
    const fields = fieldsOf(collection);
    db.prepare(
      `INSERT INTO ${TABLES[collection].table} (${fields.join(', ')}) SELECT ${fields.map((f) => `value ->> '${f}'`).join(', ')} FROM rows WHERE collection = ? ORDER BY id`,
    ).run(collection);
    db.prepare('DELETE FROM rows WHERE collection = ?').run(collection);
  }
}

/** Prepared statements over the item tables: writes, reads by user and by id, and every item. */
export class ItemTables {
  readonly source: ProfileSource;
  readonly #put: Record<ProfileCollection, (item: Record<string, unknown>) => void>;
  readonly #putMany: Record<ProfileCollection, (items: readonly Record<string, unknown>[]) => void>;
  readonly #insertBatch: Record<ProfileCollection, Statement>;
  readonly #insertOne: Record<ProfileCollection, Statement>;
  readonly #remove: Record<ProfileCollection, Statement<[number]>>;
  readonly #clear: Statement[];
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
    const put = {} as Record<ProfileCollection, (item: Record<string, unknown>) => void>;
    const putMany = {} as Record<ProfileCollection, (items: readonly Record<string, unknown>[]) => void>;
    const remove = {} as Record<ProfileCollection, Statement<[number]>>;
    const insertBatches = {} as Record<ProfileCollection, Statement>;
    const insertOnes = {} as Record<ProfileCollection, Statement>;
    const source = {} as Record<ProfileCollection, ItemSource<unknown>>;
    for (const collection of PROFILE_COLLECTIONS) {
      const { table } = TABLES[collection];
      const fields = fieldsOf(collection);
      const insert = db.prepare(
        `INSERT OR REPLACE INTO ${table} (${fields.join(', ')}) VALUES (${fields.map(() => '?').join(', ')})`,
      );
      put[collection] = (item) => insert.run(fields.map((f) => item[f] ?? null));
      // A bulk write binds BATCH rows per statement: far fewer calls into SQLite for a seed's million.
      const row = `(${fields.map(() => '?').join(', ')})`;
      const insertBatch = db.prepare(
        `INSERT OR REPLACE INTO ${table} (${fields.join(', ')}) VALUES ${Array.from({ length: BATCH }, () => row).join(', ')}`,
      );
      insertBatches[collection] = insertBatch;
      insertOnes[collection] = insert;
      putMany[collection] = (items) => {
        let at = 0;
        const values: unknown[] = [];
        for (; at + BATCH <= items.length; at += BATCH) {
          values.length = 0;
          for (let i = at; i < at + BATCH; i++) for (const f of fields) values.push(items[i]?.[f] ?? null);
          insertBatch.run(values);
        }
        for (; at < items.length; at++) put[collection](items[at] as Record<string, unknown>);
      };
      remove[collection] = db.prepare(`DELETE FROM ${table} WHERE id = ?`);
      const ofUser = db.prepare(`SELECT ${fields.join(', ')} FROM ${table} WHERE user_id = ? ORDER BY id`);
      const owner = db.prepare(`SELECT user_id FROM ${table} WHERE id = ?`).pluck();
      const all = db.prepare(`SELECT ${fields.join(', ')} FROM ${table} ORDER BY id`);
      const after = db.prepare(`SELECT ${fields.join(', ')} FROM ${table} WHERE id > ? ORDER BY id LIMIT ?`);
      source[collection] = {
        ofUser: (userId) => ofUser.all(userId),
        ownerOf: (id) => owner.get(id) as string | undefined,
        all: () => all.all(),
        after: (id, limit) => after.all(id, limit),
      };
    }
    this.#put = put;
    this.#putMany = putMany;
    this.#insertBatch = insertBatches;
    this.#insertOne = insertOnes;
    this.#remove = remove;
    this.#clear = PROFILE_COLLECTIONS.map((c) => db.prepare(`DELETE FROM ${TABLES[c].table}`));
    this.source = source as ProfileSource;
  }

  /** Writes one item (`value` undefined: removes it). */
  write(collection: ProfileCollection, key: string, value: unknown): void {
    if (value === undefined) this.#remove[collection].run(Number(key));
    else this.#put[collection](value as Record<string, unknown>);
  }

  /**
   * Writes every item of a whole state into the (emptied) tables, with the owner indexes dropped
   * and built again in one pass afterwards.
   */
  writeAll(lists: { [K in ProfileCollection as `${K}s`]: readonly ProfileItems[K][] }): void {
    for (const c of PROFILE_COLLECTIONS) this.#db.exec(`DROP INDEX IF EXISTS ${TABLES[c].table}_by_user`);
    for (const c of PROFILE_COLLECTIONS) this.#putMany[c](lists[`${c}s`] as unknown as Record<string, unknown>[]);
    for (const c of PROFILE_COLLECTIONS) this.#db.exec(ownerIndex(c));
  }

  /**
   * Bulk writes into a new file's tables: `put` takes a kind's items as flat values (each item's
   * fields in `ITEM_FIELDS` order, one after the other), `BATCH` rows to a statement; `end` writes
   * what is left and builds the owner indexes, dropped in the meantime.
   */
  bulk(): { put: (collection: ProfileCollection, flat: readonly unknown[]) => void; end: () => void } {
    for (const c of PROFILE_COLLECTIONS) this.#db.exec(`DROP INDEX IF EXISTS ${TABLES[c].table}_by_user`);
    const pending = Object.fromEntries(PROFILE_COLLECTIONS.map((c) => [c, [] as unknown[]])) as Record<
      ProfileCollection,
      unknown[]
    >;
    return {
      put: (collection, flat) => {
        const values = pending[collection];
        const full = BATCH * ITEM_FIELDS[collection].length;
        for (const value of flat) {
          values.push(value);
          if (values.length === full) {
            this.#insertBatch[collection].run(values);
            values.length = 0;
          }
        }
      },
      end: () => {
        for (const c of PROFILE_COLLECTIONS) {
          const width = ITEM_FIELDS[c].length;
          const values = pending[c];
          for (let at = 0; at < values.length; at += width) this.#insertOne[c].run(values.slice(at, at + width));
          values.length = 0;
          this.#db.exec(ownerIndex(c));
        }
      },
    };
  }

  clear(): void {
    for (const statement of this.#clear) statement.run();
  }

  /** The highest id of each kind (0 when none), to check the counters against. */
  static maxIds(db: Database): Record<ProfileCollection, number> {
    return Object.fromEntries(
      PROFILE_COLLECTIONS.map((c) => [
        c,
        (db.prepare(`SELECT coalesce(max(id), 0) FROM ${TABLES[c].table}`).pluck().get() as number) ?? 0,
      ]),
    ) as Record<ProfileCollection, number>;
  }

  /** Every item of every kind, as the state's lists (`notes`, `clubs`, ...). */
  static readAll(db: Database): { [K in ProfileCollection as `${K}s`]: ProfileItems[K][] } {
    const tables = new ItemTables(db);
    return {
      notes: tables.source.note.all(),
      clubs: tables.source.club.all(),
      interests: tables.source.interest.all(),
      directions: tables.source.direction.all(),
      experiences: tables.source.experience.all(),
    };
  }
}
