import { HttpError } from '../http-error.ts';

/** The contract's bound on each profile list (notes, clubs, interests, directions, experiences). */
export const MAX_OWNED_ITEMS = 1000;

/** Per-user items (notes, clubs, ...) indexed by id and by owner. */
export class OwnedItems<T extends { id: number; user_id: string }> {
  private readonly byId = new Map<number, T>();
  private readonly byUser = new Map<string, T[]>();

  /** `touch(id)` runs before an item is added or removed (the store records the change). */
  constructor(
    private readonly label: string,
    items: T[] = [],
    private readonly touch: (id: number) => void = () => {},
  ) {
    for (const item of items) this.index(item);
  }

  get(id: number): T | undefined {
    return this.byId.get(id);
  }

  /**
   * Adds a new item of the user's, made by `make` (which takes its id) only once it is allowed:
   * refused (409) when they keep `MAX_OWNED_ITEMS` of this kind already.
   */
  addOwn(userId: string, make: () => T): T {
    if ((this.byUser.get(userId)?.length ?? 0) >= MAX_OWNED_ITEMS) {
      throw HttpError.conflict(
        `You can keep at most ${MAX_OWNED_ITEMS.toLocaleString('en-US')} ${this.label}s; delete one first.`,
      );
    }
    const item = make();
    this.touch(item.id);
    return this.index(item);
  }

  private index(item: T): T {
    this.byId.set(item.id, item);
    const list = this.byUser.get(item.user_id);
    if (list) list.push(item);
    else this.byUser.set(item.user_id, [item]);
    return item;
  }

  /** The user's items, in insertion order (a copy). */
  listFor(userId: string): T[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  /** Removes an item of `userId`'s: 404 when no such id, 403 when it is someone else's. */
  removeOwn(userId: string, id: number): T {
    const item = this.byId.get(id);
    if (!item) throw HttpError.notFound(`No ${this.label} with id ${id}.`);
    if (item.user_id !== userId) throw HttpError.forbidden(`This ${this.label} is not yours.`);
    this.touch(id);
    this.byId.delete(id);
    const list = this.byUser.get(userId) ?? [];
    list.splice(list.indexOf(item), 1);
    return item;
  }

  all(): T[] {
    return [...this.byId.values()].sort((a, b) => a.id - b.id);
  }
}

export function strip<T extends { user_id: string }>(item: T): Omit<T, 'user_id'> {
  const { user_id: _owner, ...rest } = item;
  return rest;
}
