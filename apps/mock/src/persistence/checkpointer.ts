import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the checkpointer copies the WAL's committed pages into the database file. */
export const CHECKPOINT_INTERVAL_MS = 250;
/**
 * WAL pages past which the writer finishes a checkpoint the worker could not: 64 MiB at SQLite's
 * default 4 KiB page, under a second of the fastest sustained writes.
 */
export const WAL_LIMIT_PAGES = 16_384;

// Plain CommonJS run by the worker as it is (no TypeScript loader needed): its own connection to
// the file, a PASSIVE checkpoint now and then (it never waits for, nor blocks, the writer).
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
const checkpoint = () => {
  // The writer is finishing a copy: a pass now would only get in its way.
  if (Atomics.load(workerData.behind, 0) === 1) return;
  try {
    const [done] = db.pragma('wal_checkpoint(PASSIVE)');
    // Writes that never pause leave pages behind every pass, and SQLite only starts the WAL over
    // once every page is in the file: past the limit, the writer is asked to finish the copy.
    if (done && done.log >= workerData.limitPages && done.checkpointed < done.log) Atomics.store(workerData.behind, 0, 1);
  } catch {}
  Atomics.add(workerData.passes, 0, 1);
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  Atomics.store(workerData.closed, 0, 1);
  Atomics.notify(workerData.closed, 0);
  parentPort.close();
});
`;

/**
 * Checkpoints a WAL database from a worker thread, so a commit on the request path never pays for
 * one. SQLite's automatic checkpoint runs inside the commit that fills the WAL past 1,000 pages:
 * it copies those pages into the file and fsyncs it, tens of milliseconds that every request then
 * waiting on the event loop shares. The writer turns its own off (`wal_autocheckpoint = 0`).
 */
export class Checkpointer {
  readonly #worker: Worker;
  /** Set to 1 by the worker once its connection is closed. */
  readonly #closed = new Int32Array(new SharedArrayBuffer(4));
  /** Set to 1 by the worker when the WAL has outgrown the limit with pages its passes leave behind. */
  readonly #behind = new Int32Array(new SharedArrayBuffer(4));
  /** How many passes the worker has made (its first one shows it is running). */
  readonly #passes = new Int32Array(new SharedArrayBuffer(4));
  #running = true;

  /** `onFailure`: the worker could not run (it cannot open the file); the writer then checkpoints itself again. */
  constructor(
    file: string,
    intervalMs = CHECKPOINT_INTERVAL_MS,
    onFailure: () => void = () => {},
    limitPages = WAL_LIMIT_PAGES,
  ) {
    const module = createRequire(import.meta.url).resolve('better-sqlite3');
    this.#worker = new Worker(SOURCE, {
      eval: true,
      workerData: {
        file,
        module,
        intervalMs,
        limitPages,
        closed: this.#closed,
        behind: this.#behind,
        passes: this.#passes,
      },
    });
    // It must never keep the mock alive, nor take it down: a WAL with nobody checkpointing it would
    // only grow, so a failure hands the checkpoints back to the writer.
    this.#worker.unref();
    this.#worker.on('error', () => {
      this.#running = false;
      onFailure();
    });
    this.#worker.on('exit', () => {
      this.#running = false;
    });
  }

  /**
   * Whether the writer should finish a checkpoint itself, between two of its commits: under writes
   * that never pause, the worker's passes never copy the last pages, so the WAL would only grow. The
   * worker has copied all but what came during its last pass (so what is left is short), and makes
   * no pass until the writer has caught up.
   */
  get behind(): boolean {
    return Atomics.load(this.#behind, 0) === 1;
  }

  /** How many passes the worker has made so far: 0 until its thread has started and opened the file. */
  get passes(): number {
    return Atomics.load(this.#passes, 0);
  }

  /** The writer has copied every page: the WAL starts over at the next commit. */
  caughtUp(): void {
    Atomics.store(this.#behind, 0, 0);
  }

  /**
   * Closes the worker's connection and waits for it (at most a second), so that the writer's own
   * close is the last one: SQLite then checkpoints everything and removes the WAL, as before.
   */
  stop(): void {
    if (!this.#running) return;
    this.#running = false;
    this.#worker.postMessage('stop');
    Atomics.wait(this.#closed, 0, 0, 1000);
  }
}
