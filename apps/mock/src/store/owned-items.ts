import { HttpError } from '../lib/http-error.ts';
import type { ItemSource } from './item-source.ts';

/** The contract's bound on each profile list (notes, clubs, interests, directions, experiences). */
export const MAX_OWNED_ITEMS = 1000;

/** With a source, how many users' lists stay in memory once read (the least recently used go first). */
export const CACHED_OWNERS = 10_000;

/**
 * Per-user items (notes, clubs, ...) indexed by id and by owner. Either all in memory, or (with a
 * `source`) read per user on first use and kept for the most recent `CACHED_OWNERS` users: then
 * `byUser` holds exactly the users read so far, and for them memory is ahead of the source.
 */
export class OwnedItems<T extends { id: number; user_id: string }> {
  /** Ids are small counters: an array indexed by id is faster to fill and smaller than a Map. */
  private readonly byId: (T | undefined)[] = [];
  private readonly byUser = new Map<string, T[]>();
  /**
   * Without a source: the items given, not yet indexed past `pendingAt`. A start indexes them
   * between requests (`warm`); anything that reads or changes the items first indexes the rest.
   */
  private pending: T[] | undefined;
  private pendingAt = 0;

  /**
   * `touch(id, created)` runs before an item is added (`created`: with an id just issued) or
   * removed (the store records the change);
   * `afterCommit` runs a function once the current transaction has committed.
   */
  constructor(
    private readonly label: string,
    items: T[] = [],
    private readonly touch: (id: number, created: boolean) => void = () => {},
    private readonly source?: ItemSource<T>,
    private readonly afterCommit: (fn: () => void) => void = (fn) => fn(),
    private readonly cap = CACHED_OWNERS,
  ) {
    if (!source && items.length > 0) this.pending = items;
  }

  /**
   * Indexes up to `count` more of the items given at construction (all of them when unbounded);
   * true once every one is. At 100,000 users they are about 840,000, 0.6 s of a start at once.
   */
  warm(count = Number.POSITIVE_INFINITY): boolean {
    const pending = this.pending;
    if (!pending) return true;
    const end = Math.min(pending.length, this.pendingAt + count);
    for (let at = this.pendingAt; at < end; at++) this.index(pending[at] as T);
    this.pendingAt = end;
    if (end < pending.length) return false;
    this.pending = undefined;
    return true;
  }

  get(id: number): T | undefined {
    if (this.pending) this.warm();
    const item = Number.isSafeInteger(id) && id >= 0 ? this.byId[id] : undefined;
    if (item || !this.source) return item;
    // Not in memory: unknown, removed (its owner is read already), or its owner is not read yet.
    const owner = this.source.ownerOf(id);
    if (owner === undefined || this.byUser.has(owner)) return undefined;
    this.listOf(owner);
    return this.byId[id];
  }

  /**
   * Adds a new item of the user's, made by `make` (with an id just issued by `nextId`, so it is
   * recorded as new, with nothing before it to read) only once it is allowed:
   * refused (409) when they keep `MAX_OWNED_ITEMS` of this kind already.
   */
  addOwn(userId: string, make: () => T): T {
    if ((this.listOf(userId)?.length ?? 0) >= MAX_OWNED_ITEMS) {
      throw HttpError.conflict(
        `You can keep at most ${MAX_OWNED_ITEMS.toLocaleString('en-US')} ${this.label}s; delete one first.`,
      );
    }
    const item = make();
    this.touch(item.id, true);
    return this.index(item);
  }

  private index(item: T): T {
    this.byId[item.id] = item;
    const list = this.byUser.get(item.user_id);
    if (list) list.push(item);
    else this.byUser.set(item.user_id, [item]);
    return item;
  }

  /** The user's list (undefined: none, in memory); with a source, read on first use. */
  private listOf(userId: string): T[] | undefined {
    if (this.pending) this.warm();
    const list = this.byUser.get(userId);
    if (!this.source) return list;
    if (list) {
      // Most recently used last: the map's order is the eviction order.
      this.byUser.delete(userId);
      this.byUser.set(userId, list);
      return list;
    }
    const read = this.source.ofUser(userId);
    this.byUser.set(userId, read);
    for (const item of read) this.byId[item.id] = item;
    if (this.byUser.size > this.cap) this.afterCommit(() => this.evict());
    return read;
  }

  /** Forgets the least recently used lists past the cap; only after a commit, so nothing unsaved is lost. */
  private evict(): void {
    for (const [userId, list] of this.byUser) {
      if (this.byUser.size <= this.cap) break;
      for (const item of list) this.byId[item.id] = undefined;
      this.byUser.delete(userId);
    }
  }

  /** The user's items, in insertion order (a copy). */
  listFor(userId: string): T[] {
    return [...(this.listOf(userId) ?? [])];
  }

  /** Removes an item of `userId`'s: 404 when no such id, 403 when it is someone else's. */
  removeOwn(userId: string, id: number): T {
    const item = this.get(id);
    if (!item) throw HttpError.notFound(`No ${this.label} with id ${id}.`);
    if (item.user_id !== userId) throw HttpError.forbidden(`This ${this.label} is not yours.`);
    this.touch(id, false);
    this.byId[id] = undefined;
    const list = this.listOf(userId) ?? [];
    list.splice(list.indexOf(item), 1);
    return item;
  }

  /** Every item, in id order (with a source: its items, except for the users read, whose are in memory). */
  all(): T[] {
    if (this.pending) this.warm();
    const items = this.byId.filter((item) => item !== undefined);
    if (!this.source) return items;
    for (const item of this.source.all()) if (!this.byUser.has(item.user_id)) items.push(item);
    return items.sort((a, b) => a.id - b.id);
  }

  /**
   * Each owner's values of `field`, gathered a slice at a time (the directory's warm-up): each call
   * of the function returned reads up to `limit` more committed items, in id order, then takes up to
   * `limit` owners' lists in memory, and gives the map once every one is in it. An owner whose list
   * is in memory by then gets it from there (the same items, unless one changed meanwhile, which the
   * caller catches up on as on any change).
   */
  gather<K extends keyof T>(field: K, limit: number): () => Map<string, T[K][]> | undefined {
    if (this.pending) this.warm();
    const byOwner = new Map<string, T[K][]>();
    let after = 0;
    let read = !this.source;
    let lists: Iterator<[string, T[]]> | undefined;
    return () => {
      if (!read && this.source) {
        const items = this.source.after(after, limit);
        for (const item of items) {
          const values = byOwner.get(item.user_id);
          if (values) values.push(item[field]);
          else byOwner.set(item.user_id, [item[field]]);
        }
        after = items.at(-1)?.id ?? after;
        if (items.length === limit) return undefined;
        read = true;
      }
      lists ??= this.byUser.entries();
      for (let taken = 0; taken < limit; taken++) {
        const next = lists.next();
        if (next.done) return byOwner;
        const [userId, list] = next.value;
        byOwner.set(
          userId,
          list.map((item) => item[field]),
        );
      }
      return undefined;
    };
  }
}

export function strip<T extends { user_id: string }>(item: T): Omit<T, 'user_id'> {
  const { user_id: _owner, ...rest } = item;
  return rest;
}
