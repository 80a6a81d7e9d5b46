import { describe, expect, it } from 'vitest';
import type { ItemSource } from '../src/store/item-source.ts';
import { OwnedItems } from '../src/store/owned-items.ts';

type Item = { id: number; user_id: string; name: string };

/** A source over a plain list that counts its reads, and a store-like commit log. */
function setup(cap: number) {
  const committed: Item[] = [
    { id: 1, user_id: 'a', name: 'a1' },
    { id: 2, user_id: 'b', name: 'b1' },
    { id: 3, user_id: 'c', name: 'c1' },
    { id: 4, user_id: 'a', name: 'a2' },
  ];
  const reads: string[] = [];
  const source: ItemSource<Item> = {
    ofUser: (userId) => {
      reads.push(userId);
      return committed.filter((i) => i.user_id === userId).map((i) => ({ ...i }));
    },
    ownerOf: (id) => committed.find((i) => i.id === id)?.user_id,
    all: () => committed.map((i) => ({ ...i })),
    after: (id, limit) =>
      committed
        .filter((i) => i.id > id)
        .sort((a, b) => a.id - b.id)
        .slice(0, limit)
        .map((i) => ({ ...i })),
  };
  const pending: (() => void)[] = [];
  const items = new OwnedItems<Item>(
    'item',
    [],
    () => {},
    source,
    (fn) => pending.push(fn),
    cap,
  );
  const commit = () => {
    for (const item of items.all()) if (!committed.some((c) => c.id === item.id)) committed.push({ ...item });
    for (const run of pending.splice(0)) run();
  };
  return { items, reads, commit };
}

describe('owned items read from a source', () => {
  it('reads a user once, keeps the most recently used within the cap, and forgets only after a commit', () => {
    const { items, reads, commit } = setup(2);
    expect(items.listFor('a').map((i) => i.name)).toEqual(['a1', 'a2']);
    items.addOwn('a', () => ({ id: 5, user_id: 'a', name: 'a3' }));
    items.listFor('b');
    items.listFor('c'); // past the cap: a is the least recently used, but its change is not committed yet
    expect(items.listFor('a').map((i) => i.name)).toEqual(['a1', 'a2', 'a3']);
    commit();
    expect(reads).toEqual(['a', 'b', 'c']);
    // b was forgotten (least recently used); a read again comes from the source, with the committed item.
    items.listFor('b');
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
    expect(items.get(5)?.name).toBe('a3');
  });

  it('finds an item by id through its owner, and knows a removed one is gone', () => {
    const { items } = setup(10);
    expect(items.get(3)).toMatchObject({ user_id: 'c' });
    expect(items.get(99)).toBeUndefined();
    items.removeOwn('a', 1);
    expect(items.get(1)).toBeUndefined();
    expect(() => items.removeOwn('a', 2)).toThrow(/not yours/);
    expect(items.all().map((i) => i.id)).toEqual([2, 3, 4]);
  });

  it('gathers one field of every item a slice at a time; an owner read into memory meanwhile comes from there', () => {
    const { items } = setup(10);
    const names = items.gather('name', 2);
    expect(names()).toBeUndefined(); // ids 1 and 2
    // a, whose a1 was gathered already, is read into memory and gets a3 there (not in the source yet).
    items.addOwn('a', () => ({ id: 5, user_id: 'a', name: 'a3' }));
    expect(names()).toBeUndefined(); // ids 3 and 4
    const gathered = names(); // nothing more in the source: the end
    expect(gathered).toEqual(
      new Map([
        ['a', ['a1', 'a2', 'a3']],
        ['b', ['b1']],
        ['c', ['c1']],
      ]),
    );
    // Without a source everything is in memory: `limit` owners' lists a call.
    const memory = new OwnedItems<Item>('item', [
      { id: 1, user_id: 'x', name: 'x1' },
      { id: 2, user_id: 'y', name: 'y1' },
      { id: 3, user_id: 'x', name: 'x2' },
    ]);
    const fromMemory = memory.gather('name', 1);
    expect(fromMemory()).toBeUndefined();
    expect(fromMemory()).toBeUndefined();
    expect(fromMemory()).toEqual(
      new Map([
        ['x', ['x1', 'x2']],
        ['y', ['y1']],
      ]),
    );
  });
});

describe('owned items held in memory', () => {
  const given = (): Item[] => [
    { id: 1, user_id: 'a', name: 'a1' },
    { id: 2, user_id: 'b', name: 'b1' },
    { id: 3, user_id: 'a', name: 'a2' },
    { id: 4, user_id: 'c', name: 'c1' },
    { id: 5, user_id: 'b', name: 'b2' },
  ];

  it('are indexed a few at a time by warm, and answer the same at every point of it', () => {
    const warmed = new OwnedItems<Item>('item', given());
    const steps: boolean[] = [];
    for (let done = false; !done; ) {
      done = warmed.warm(2);
      steps.push(done);
    }
    // Five items, two a step: done at the third.
    expect(steps).toEqual([false, false, true]);
    expect(warmed.warm(2)).toBe(true);
    for (let cut = 0; cut <= 5; cut++) {
      const items = new OwnedItems<Item>('item', given());
      if (cut > 0) items.warm(cut);
      // Reads and writes before the warm-up ends see every item given, in order, then their own.
      expect(items.listFor('a').map((i) => i.name)).toEqual(['a1', 'a2']);
      expect(items.get(5)?.name).toBe('b2');
      items.addOwn('b', () => ({ id: 6, user_id: 'b', name: 'b3' }));
      expect(items.listFor('b').map((i) => i.name)).toEqual(['b1', 'b2', 'b3']);
      expect(items.removeOwn('c', 4).name).toBe('c1');
      expect(items.all().map((i) => i.id)).toEqual([1, 2, 3, 5, 6]);
      expect(items.warm(1)).toBe(true);
    }
  });

  it("gather every owner's values a few owners at a time, however far the warm-up got", () => {
    for (const cut of [0, 3]) {
      const items = new OwnedItems<Item>('item', given());
      if (cut > 0) items.warm(cut);
      // Two owners' lists a call: three owners take two calls.
      const next = items.gather('name', 2);
      expect(next()).toBeUndefined();
      expect(next()).toEqual(
        new Map([
          ['a', ['a1', 'a2']],
          ['b', ['b1', 'b2']],
          ['c', ['c1']],
        ]),
      );
    }
  });
});
