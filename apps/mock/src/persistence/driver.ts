import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

export type Database = BetterSqlite3.Database;
export type Statement<Params extends unknown[] = unknown[]> = BetterSqlite3.Statement<Params>;

let driver: typeof BetterSqlite3 | undefined;

/**
 * Opens an SQLite database with better-sqlite3, loaded at the first call: loading its native
 * module takes about 17 ms, and a start without `--data` never opens a database.
 */
export function openDatabase(file: string, options?: BetterSqlite3.Options): Database {
  driver ??= createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
  return new driver(file, options);
}
