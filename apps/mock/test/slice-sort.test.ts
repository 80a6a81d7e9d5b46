import { describe, expect, it } from 'vitest';
import { SliceSort } from '../src/store/slice-sort.ts';

/** `n` distinct keys in a scrambled order (a multiplicative walk over 0..n-1). */
const scrambled = (n: number) => Array.from({ length: n }, (_, i) => `k${String((i * 7919) % n).padStart(6, '0')}`);

function sortInSteps(items: string[], size: number) {
  const placed: { key: string; at: number }[] = [];
  const sort = new SliceSort(
    items,
    (item) => item,
    (_, key, at) => placed.push({ key, at }),
  );
  const perStep: number[] = [];
  let steps = 0;
  for (let before = 0; !sort.step(size); steps++) {
    perStep.push(placed.length - before);
    before = placed.length;
  }
  return { placed, steps: steps + 1, perStep, sort };
}

describe('SliceSort', () => {
  it('sorts in runs of `size` a step, then places `size` a step in order, each with its place', () => {
    const items = scrambled(1_000);
    const { placed, steps, perStep } = sortInSteps(items, 64);
    expect(placed.map((p) => p.key)).toEqual([...items].sort());
    expect(placed.map((p) => p.at)).toEqual(items.map((_, i) => i));
    // 16 runs (nothing placed while they are sorted), then 16 steps of up to 64 placed.
    expect(steps).toBe(16 + 16);
    expect(perStep.slice(0, 16)).toEqual(Array(16).fill(0));
    expect(Math.max(...perStep)).toBeLessThanOrEqual(64);
  });

  it('does everything in one step when the step is unbounded, or the list fits one run', () => {
    const items = scrambled(500);
    for (const size of [Number.POSITIVE_INFINITY, 500, 10_000]) {
      const { placed, steps } = sortInSteps(items, size);
      expect(steps).toBe(1);
      expect(placed.map((p) => p.key)).toEqual([...items].sort());
    }
  });

  it('finishes in one unbounded step whatever it was doing', () => {
    const items = scrambled(300);
    for (const stepsFirst of [1, 3, 5, 7]) {
      const placed: string[] = [];
      const sort = new SliceSort(
        items,
        (item) => item,
        (_, key) => placed.push(key),
      );
      for (let i = 0; i < stepsFirst; i++) sort.step(50);
      expect(sort.step()).toBe(true);
      expect(placed).toEqual([...items].sort());
    }
  });

  it('is done at once with nothing to sort, and a done sort does nothing more', () => {
    const empty = new SliceSort<string>(
      [],
      (item) => item,
      () => {
        throw new Error('nothing to place');
      },
    );
    expect(empty.done).toBe(true);
    expect(empty.step(10)).toBe(true);
    const { sort, placed } = sortInSteps(['b', 'a'], 1);
    expect(sort.step(1)).toBe(true);
    expect(placed.map((p) => p.key)).toEqual(['a', 'b']);
  });
});
