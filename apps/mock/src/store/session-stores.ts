import { approxBytes } from '../lib/approx-bytes.ts';
import { fillCounters } from './counters.ts';
import type { SharedIndex } from './directory.ts';
import type { DirectoryIndex } from './directory-index.ts';
import { overlayItems, type SharedItems, shareItems } from './shared-items.ts';
import { Store, type StoreOptions } from './store.ts';
import { emptyChatState, emptySocialState, type State } from './types.ts';

export interface SessionStores {
  /** The seeded state sessions start from (made on first use), without its profile items. */
  seed(): State;
  /**
   * A store for one session: its own copy of the seed's state but for what all sessions share, read
   * only: the profile items (five-sixths of a seed's rows; its item changes stay its own, so
   * `options.items` and `options.persistence` are replaced) and the users (frozen; the store copies
   * one before it changes it), and the directory's search index while nothing it holds changes.
   */
  create(options?: StoreOptions): Store;
  /** Whether the seed is made yet (`seed()` makes it). */
  readonly seeded: boolean;
  /** Roughly the heap one more session takes (its own copy of the seed), once the seed is made; else undefined. */
  readonly sessionBytes: number | undefined;
  /** Roughly the heap the seed all sessions share takes (0 before it is made). */
  readonly sharedBytes: number;
}

/**
 * The stores of the sessions of one server or engine, all from `seedState` (seeded once, on first
 * use). Sharing the items and users is what lets 100 sessions fit at 100,000 users: together they
 * are nine-tenths of a session's memory.
 */
export function sessionStores(
  seedState: () => State,
  /** `approxBytes` of the state `seedState` gives, when already measured (by the thread that seeded it). */
  measured?: () => number | undefined,
): SessionStores {
  let seeded: { state: State; items: SharedItems; own: number; shared: number } | undefined;
  let index: DirectoryIndex | undefined;
  const directory: SharedIndex = { get: (build) => (index ??= build()) };
  const seed = () => {
    if (!seeded) {
      const full = seedState();
      // Counters are kept as they are: an older state's are worked out from the items it still has.
      const next_id = fillCounters(
        full,
        { ...emptyChatState(), ...full.chat },
        { ...emptySocialState(), ...full.social },
      );
      for (const user of full.users) deepFreeze(user);
      const state = { ...full, next_id, notes: [], clubs: [], interests: [], directions: [], experiences: [] };
      // Measured once: what `create` copies for each session, and the rest (users, items) read by all.
      const own = HEAP_PER_BYTE * approxBytes({ ...state, users: [] });
      seeded = {
        state,
        items: shareItems(full),
        own,
        shared: HEAP_PER_BYTE * (measured?.() ?? approxBytes(full)) - own,
      };
    }
    return seeded;
  };
  return {
    seed: () => seed().state,
    get seeded() {
      return seeded !== undefined;
    },
    get sessionBytes() {
      return seeded?.own;
    },
    get sharedBytes() {
      return seeded?.shared ?? 0;
    },
    create(options = {}) {
      const { state, items } = seed();
      const { items: _items, persistence: _persistence, ...rest } = options;
      const own = structuredClone({ ...state, users: [] });
      return new Store({ ...own, users: [...state.users] }, { ...rest, ...overlayItems(items), directory });
    },
  };
}

/**
 * The heap V8 takes per byte `approxBytes` counts (hidden classes, property stores, slack), from the
 * bench's sessions (bench/src/session-memory.ts: 20.6 MB of heap for 12.5 MB counted, 6.9 for 5.3).
 */
const HEAP_PER_BYTE = 1.5;

/** Freezes a plain-data value and everything in it, so a change to a shared user throws instead of reaching other sessions. */
function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  for (const inner of Object.values(value)) deepFreeze(inner);
  Object.freeze(value);
}
