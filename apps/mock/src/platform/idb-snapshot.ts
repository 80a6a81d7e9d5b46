import type { Persistence } from '../store/store.ts';
import type { State } from '../store/types.ts';

const STORE = 'state';
const KEY = 'current';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** The browser's copy of the engine's state: one IndexedDB record, the whole state after each write. */
export interface Snapshots {
  /** The state kept by an earlier visit, if any. */
  load(): Promise<State | undefined>;
  /** The `Persistence` a `Store` reports its writes to; `state()` reads the store once the write is over. */
  persistence(state: () => State): Persistence;
  /** Forgets the kept state (the next visit starts from the seed). */
  clear(): Promise<void>;
}

/**
 * A snapshot of the engine's state in IndexedDB after every committed transaction (not row by row:
 * the state is plain data, so one structured clone of it is the simplest thing that is real).
 * Writes of one tick are coalesced; IndexedDB runs them in order.
 */
export async function idbSnapshots(name: string): Promise<Snapshots> {
  const open = indexedDB.open(name, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  const db = await request(open);
  const put = (value: State) => {
    db.transaction(STORE, 'readwrite').objectStore(STORE).put(value, KEY);
  };
  return {
    async load() {
      const value = await request(db.transaction(STORE).objectStore(STORE).get(KEY));
      return (value as State | undefined) ?? undefined;
    },
    persistence(state) {
      let queued = false;
      const save = () => {
        queued = false;
        put(state());
      };
      return {
        commit() {
          if (queued) return;
          queued = true;
          queueMicrotask(save);
        },
        replace(next) {
          put(next);
        },
      };
    },
    async clear() {
      const tx = db.transaction(STORE, 'readwrite');
      tx.objectStore(STORE).delete(KEY);
      await new Promise((resolve) => {
        tx.oncomplete = resolve;
      });
    },
  };
}
