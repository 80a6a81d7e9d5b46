import { fillCounters } from './counters.ts';
import { overlayItems, type SharedItems, shareItems } from './shared-items.ts';
import { Store, type StoreOptions } from './store.ts';
import { emptyChatState, emptySocialState, type State } from './types.ts';

export interface SessionStores {
  /** The seeded state sessions start from (made on first use), without its profile items. */
  seed(): State;
  /**
   * A store for one session: its own copy of the seed's state, and the seed's profile items shared
   * with every other session (five-sixths of a seed's rows); its item changes stay its own (so
   * `options.items` and `options.persistence` are replaced).
   */
  create(options?: StoreOptions): Store;
}

/**
 * The stores of the sessions of one server or engine, all from `seedState` (seeded once, on first
 * use). Sharing the items read-only is what lets 100 sessions fit at 100,000 users.
 */
export function sessionStores(seedState: () => State): SessionStores {
  let seeded: { state: State; items: SharedItems } | undefined;
  const seed = () => {
    if (!seeded) {
      const full = seedState();
      // Counters are kept as they are: an older state's are worked out from the items it still has.
      const next_id = fillCounters(
        full,
        { ...emptyChatState(), ...full.chat },
        { ...emptySocialState(), ...full.social },
      );
      seeded = {
        state: { ...full, next_id, notes: [], clubs: [], interests: [], directions: [], experiences: [] },
        items: shareItems(full),
      };
    }
    return seeded;
  };
  return {
    seed: () => seed().state,
    create(options = {}) {
      const { state, items } = seed();
      const { items: _items, persistence: _persistence, ...rest } = options;
      return new Store(structuredClone(state), { ...rest, ...overlayItems(items) });
    },
  };
}
