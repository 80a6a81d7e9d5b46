import type { Row } from './collection.ts';
import type { ItemSource, ProfileSource } from './item-source.ts';
import type { Counter } from './types.ts';

/** What a batch that could not be written undoes: each transaction's rows as they were before it, in order. */
export interface FailedBatch {
  before: Row[][];
  /** The counters before the batch's first transaction (the ids it took are given again). */
  counters: Record<Counter, number>;
}

interface Batch extends FailedBatch {
  rows: Row[];
  /** What runs once the batch is written (stream events, mail): never if it cannot be. */
  after: (() => void)[];
  written: Promise<void>;
  settle: (error?: unknown) => void;
}

/**
 * Group commit (`--data`): the transactions committed in one turn of the event loop reach
 * persistence as one write, when `schedule` runs it (Node: `setImmediate`, after every request
 * read in that turn). Writing them one SQLite transaction each costs its locks and its pages each
 * time: a note touches the same two pages as the note before it. Each answer given meanwhile waits
 * for `written`, so an acknowledged write is in the file as before, and what follows a write (a
 * stream event, a mail: `afterCommit`) waits for it too; a batch that cannot be written is undone
 * whole (`undo`), every answer waiting on it is the error, and what was to follow never runs.
 */
export class CommitBatches {
  #open: Batch | undefined;

  constructor(
    private readonly write: (rows: Row[]) => void,
    private readonly schedule: (write: () => void) => void,
    private readonly undo: (batch: FailedBatch) => void,
  ) {}

  /** Settles once every transaction committed so far is written (undefined: nothing waits). */
  get written(): Promise<void> | undefined {
    return this.#open?.written;
  }

  /**
   * One transaction's changes: `rows` as they are now, `before` as they were. `counters` gives the
   * counters before it, read only when it opens a batch.
   */
  add(rows: Row[], before: Row[], counters: () => Record<Counter, number>): void {
    let batch = this.#open;
    if (!batch) {
      let settle!: (error?: unknown) => void;
      const written = new Promise<void>((resolve, reject) => {
        settle = (error) => (error === undefined ? resolve() : reject(error));
      });
      // Nobody may be waiting (a change made between requests): that is no unhandled rejection.
      written.catch(() => {});
      batch = { rows: [], after: [], before: [], counters: { ...counters() }, written, settle };
      this.#open = batch;
      this.schedule(() => {
        try {
          this.writeNow();
        } catch {
          // Undone, and every answer waiting on it is the error.
        }
      });
    }
    for (const row of rows) batch.rows.push(row);
    batch.before.push(before);
  }

  /**
   * What a transaction that just joined the waiting batch runs after its commit: held until the
   * batch is written (false when no batch waits: run it now).
   */
  afterWrite(runs: (() => void)[]): boolean {
    const batch = this.#open;
    if (!batch) return false;
    for (const run of runs) batch.after.push(run);
    return true;
  }

  /**
   * A transaction that failed after changing rows in place: `before` holds them as they were, which
   * is as the waiting batch must leave them (the batch holds the rows themselves, not copies, so it
   * would otherwise write what the failed transaction did to them). Nothing waits: nothing to do.
   */
  correct(before: Iterable<Row>): void {
    const batch = this.#open;
    if (!batch) return;
    for (const row of before) batch.rows.push(row);
  }

  /**
   * Writes what waits now (a read of what persistence holds, a reset, a close must see it); the
   * scheduled write then finds nothing. Throws what the write threw, once the batch is undone.
   */
  writeNow(): void {
    const batch = this.#open;
    if (!batch) return;
    this.#open = undefined;
    try {
      this.write(batch.rows);
    } catch (error) {
      this.undo(batch);
      batch.settle(error);
      throw error;
    }
    // Once the code that wrote it is done (this may run inside another request's transaction): a
    // hook may start transactions of its own. Queued before the answers waiting on `written`.
    if (batch.after.length > 0) queueMicrotask(() => runAll(batch.after));
    batch.settle();
  }
}

function runAll(runs: (() => void)[]): void {
  for (const run of runs) {
    try {
      run();
    } catch (error) {
      // Its transaction is kept: a failing hook is a bug, reported without taking the others down.
      console.error('store: what runs after a commit failed:', error);
    }
  }
}

/**
 * The items source as the store reads it while batches wait: what waits is written first, so a
 * read of persistence never misses a change memory already has (a user's list read again after a
 * rollback, a snapshot).
 */
export function writtenFirst(items: ProfileSource, write: () => void): ProfileSource {
  const wrap = <T>(source: ItemSource<T>): ItemSource<T> => ({
    ofUser: (userId) => {
      write();
      return source.ofUser(userId);
    },
    ownerOf: (id) => {
      write();
      return source.ownerOf(id);
    },
    all: () => {
      write();
      return source.all();
    },
    after: (id, limit) => {
      write();
      return source.after(id, limit);
    },
  });
  return {
    note: wrap(items.note),
    club: wrap(items.club),
    interest: wrap(items.interest),
    direction: wrap(items.direction),
    experience: wrap(items.experience),
  };
}
