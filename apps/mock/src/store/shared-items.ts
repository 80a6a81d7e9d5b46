import type { Row } from './collection.ts';
import {
  type ItemSource,
  PROFILE_COLLECTIONS,
  type ProfileCollection,
  type ProfileItems,
  type ProfileSource,
} from './item-source.ts';
import type { Persistence } from './store.ts';
import type { State } from './types.ts';

type Item = { id: number; user_id: string };

/** Profile items are flat records of primitives, so a spread is a whole copy. */
const copy = <T extends Item>(item: T): T => ({ ...item });
const byId = (a: Item, b: Item) => a.id - b.id;

/** One kind's items, indexed by owner and by id; never changed once built. */
class ItemIndex<T extends Item> {
  readonly items: readonly T[];
  readonly byUser = new Map<string, T[]>();
  /** Owner by id: ids are small counters, so an array is smaller and faster than a Map. */
  readonly owner: (string | undefined)[] = [];

  constructor(items: readonly T[]) {
    const sorted = items.every((item, i) => i === 0 || (items[i - 1] as T).id < item.id);
    this.items = sorted ? items : [...items].sort(byId);
    for (const item of this.items) {
      this.owner[item.id] = item.user_id;
      const list = this.byUser.get(item.user_id);
      if (list) list.push(item);
      else this.byUser.set(item.user_id, [item]);
    }
  }
}

/** A state's profile items, indexed once and read by any number of sessions (never written). */
export type SharedItems = { [K in ProfileCollection]: ItemIndex<ProfileItems[K]> };

export function shareItems(state: Pick<State, `${ProfileCollection}s`>): SharedItems {
  return Object.fromEntries(
    PROFILE_COLLECTIONS.map((c) => [c, new ItemIndex<Item>(state[`${c}s`] as readonly Item[])]),
  ) as unknown as SharedItems;
}

/**
 * One kind's items as one session sees them: a user's list comes from the session's own commits if
 * it changed there, else from the shared base. Reads hand out copies, so the base is never written.
 */
class OverlayItems<T extends Item> implements ItemSource<T> {
  /** Users whose list changed in this session: their committed list, in id order. */
  readonly #changed = new Map<string, T[]>();
  /** Ids added or removed in this session: their owner now (undefined: removed). */
  readonly #owners = new Map<number, string | undefined>();

  constructor(private base: ItemIndex<T>) {}

  ofUser(userId: string): T[] {
    return (this.#changed.get(userId) ?? this.base.byUser.get(userId) ?? []).map(copy);
  }

  ownerOf(id: number): string | undefined {
    return this.#owners.has(id) ? this.#owners.get(id) : this.base.owner[id];
  }

  all(): T[] {
    if (this.#changed.size === 0) return this.base.items.map(copy);
    const items = this.base.items.filter((item) => !this.#changed.has(item.user_id));
    for (const list of this.#changed.values()) items.push(...list);
    return items.sort(byId).map(copy);
  }

  after(id: number, limit: number): T[] {
    if (this.#changed.size > 0)
      return this.all()
        .filter((item) => item.id > id)
        .slice(0, limit);
    const items = this.base.items;
    let low = 0;
    let high = items.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((items[mid] as T).id <= id) low = mid + 1;
      else high = mid;
    }
    return items.slice(low, low + limit).map(copy);
  }

  /** A committed change: the item with `id` is now `value` (undefined: gone). */
  write(id: number, value: T | undefined): void {
    const was = this.ownerOf(id);
    if (was !== undefined) {
      const list = this.#own(was);
      const at = list.findIndex((item) => item.id === id);
      if (at >= 0) list.splice(at, 1);
    }
    if (value) {
      const list = this.#own(value.user_id);
      const at = list.findIndex((item) => item.id > id);
      list.splice(at < 0 ? list.length : at, 0, copy(value));
    }
    this.#owners.set(id, value?.user_id);
  }

  /** Everything replaced: `base` becomes what the session reads, with no changes of its own. */
  replace(base: ItemIndex<T>): void {
    this.base = base;
    this.#changed.clear();
    this.#owners.clear();
  }

  /** The user's list as this session's own (a copy of the base's on first change). */
  #own(userId: string): T[] {
    let list = this.#changed.get(userId);
    if (!list) {
      list = [...(this.base.byUser.get(userId) ?? [])];
      this.#changed.set(userId, list);
    }
    return list;
  }
}

const isItemRow = (row: Row): row is Row & { collection: ProfileCollection } =>
  (PROFILE_COLLECTIONS as readonly string[]).includes(row.collection);

/**
 * A session's view of shared items: `items` for its store to read them per user, `persistence` for
 * its store to commit into. Only item rows are kept: the store holds every other row in memory.
 */
export function overlayItems(base: SharedItems): { items: ProfileSource; persistence: Persistence } {
  const overlays = Object.fromEntries(
    PROFILE_COLLECTIONS.map((c) => [c, new OverlayItems<Item>(base[c] as ItemIndex<Item>)]),
  ) as Record<ProfileCollection, OverlayItems<Item>>;
  return {
    items: overlays as unknown as ProfileSource,
    persistence: {
      commit(rows) {
        for (const row of rows) {
          if (isItemRow(row)) overlays[row.collection].write(Number(row.key), row.value as Item | undefined);
        }
      },
      replace(state) {
        const next = shareItems(state);
        for (const c of PROFILE_COLLECTIONS) overlays[c].replace(next[c] as ItemIndex<Item>);
      },
    },
  };
}
