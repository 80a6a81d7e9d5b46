import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PROFILE_COLLECTIONS, type ProfileCollection } from '../store/item-source.ts';
import type { State } from '../store/types.ts';
import { flatRows } from './format.ts';
import { ITEM_FIELDS } from './items.ts';
import { SqliteStateFile } from './state-file.ts';

/** What the seeding thread sends the worker (seed-file-worker.ts): items and rows as flat values, then the end. */
export type SeedMessage =
  | { items: ProfileCollection; values: unknown[] }
  /** Every item is sent: their indexes are built while the rows are made. */
  | { itemsEnd: true }
  | { rows: unknown[] }
  | { end: true };
export type SeedReply = { done: true } | { error: string };

const TYPESCRIPT = import.meta.url.endsWith('.ts');
const WORKER = new URL(`./seed-file-worker${TYPESCRIPT ? '.ts' : '.js'}`, import.meta.url);

function startWorker(file: string): Worker {
  return startModuleWorker(WORKER, { file });
}

/**
 * Starts a worker thread running `module`. Run as TypeScript (tsx, or a test runner's own compiler), a
 * worker's entry cannot be a `.ts` file on Node 20 even with tsx's `--import`: a small JavaScript entry
 * registers tsx in the worker, then imports it.
 */
export function startModuleWorker(module: URL, workerData: unknown): Worker {
  const typescript = module.pathname.endsWith('.ts');
  if (!typescript) return new Worker(module, { workerData });
  // tsx's ESM API (a test runner's module system may lack import.meta.resolve; require finds its CommonJS twin).
  const tsx =
    typeof import.meta.resolve === 'function'
      ? import.meta.resolve('tsx/esm/api')
      : pathToFileURL(
          createRequire(import.meta.url)
            .resolve('tsx/esm/api')
            .replace(/\.cjs$/, '.mjs'),
        ).href;
  const entry = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); });`;
  // Without this process's own loading of tsx (`--import …tsx…`, the tsx CLI's `--require …tsx…` too):
  // registered once, by the entry.
  const execArgv = process.execArgv.filter(
    (arg, i, all) => !arg.includes('tsx') && !(/^-[-\w]+$/.test(arg) && (all[i + 1] ?? '').includes('tsx')),
  );
  return new Worker(entry, { eval: true, workerData, execArgv });
}

/** Items (or rows) per message: few messages, none large. */
const CHUNK = 2_000;

/**
 * Seeds a new `--data` file: `make` seeds the state, putting each profile item where it is given
 * (never all in memory at once); a worker thread writes them into the new file as they come, then
 * the state's other rows, builds the indexes and renames the file into place (`FileBuild`), while
 * this thread goes on seeding. Resolves once the file is whole and synced, with the state (its
 * item lists empty: the store reads them from the file) and the file opened for writes. The
 * caller holds the file's lock.
 */
export async function seedStateFile(
  file: string,
  make: (putItem: (collection: ProfileCollection, item: object) => void) => State,
  { whileWriting }: { whileWriting?: () => void } = {},
): Promise<{ state: State; persistence: SqliteStateFile }> {
  const worker = startWorker(file);
  const finished = new Promise<void>((resolve, reject) => {
    worker.once('message', (reply: SeedReply) => ('done' in reply ? resolve() : reject(new Error(reply.error))));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the seed's writer stopped (exit code ${code})`)));
  });
  // A failure is reported when awaited, not as an unhandled rejection while this thread seeds.
  finished.catch(() => {});
  const send = (message: SeedMessage) => worker.postMessage(message);
  const pending = Object.fromEntries(PROFILE_COLLECTIONS.map((c) => [c, [] as unknown[]])) as Record<
    ProfileCollection,
    unknown[]
  >;
  const putItem = (collection: ProfileCollection, item: object) => {
    const fields = ITEM_FIELDS[collection];
    const values = pending[collection];
    for (const field of fields) values.push((item as Record<string, unknown>)[field] ?? null);
    if (values.length >= CHUNK * fields.length) {
      send({ items: collection, values });
      pending[collection] = [];
    }
  };
  try {
    const state = make(putItem);
    for (const collection of PROFILE_COLLECTIONS) {
      if (pending[collection].length > 0) send({ items: collection, values: pending[collection] });
    }
    send({ itemsEnd: true });
    for (const rows of flatRows(state, CHUNK)) send({ rows });
    send({ end: true });
    whileWriting?.();
    await finished;
    return { state, persistence: SqliteStateFile.openExisting(file) };
  } finally {
    await worker.terminate();
  }
}
