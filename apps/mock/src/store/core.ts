import type { AnyCollection } from './collection.ts';
import type { Counter } from './types.ts';

/** What the store gives each of its areas: the transaction it runs in, the clock and the ids. */
export interface StoreCore {
  /**
   * Records that a row is about to change (call it before changing the row). `created`: the row is
   * new (its key an id just issued by `nextId`), so there is nothing before it to read.
   */
  touch(collection: AnyCollection, key: string, created?: boolean): void;
  /** Runs `fn` in a transaction (joining the current one, if any). */
  transact<T>(fn: () => T): T;
  /** Runs `fn` once the current transaction has committed. */
  afterCommit(fn: () => void): void;
  now(): Date;
  /** `now()` in epoch milliseconds. */
  nowMs(): number;
  nextId(counter: Counter): number;
}
