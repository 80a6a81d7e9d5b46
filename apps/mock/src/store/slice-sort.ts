/**
 * Sorts a list by a string key a step at a time, so that a long sort never holds the event loop:
 * each `step(size)` sorts the next run of `size` items, or, once every run is sorted, takes the
 * next `size` items in order from the runs (the least head of a min-heap of the runs) and hands
 * each to `place` with its key and its place. A `size` past the list's length sorts and places
 * everything in one step. Keys must be unique (equal keys come out in no set order).
 */
export class SliceSort<T> {
  private readonly runs: { item: T; key: string }[][] = [];
  /** Items put into runs so far. */
  private taken = 0;
  /** Where each run's merge has got to, and the runs by their next key (a min-heap). */
  private readonly heads: number[] = [];
  private heap: number[] | undefined;
  /** Items placed so far. */
  private placed = 0;

  constructor(
    private readonly items: readonly T[],
    private readonly keyOf: (item: T) => string,
    private readonly place: (item: T, key: string, at: number) => void,
  ) {}

  get done(): boolean {
    return this.placed === this.items.length;
  }

  /** Does the next step; true once every item is placed. */
  step(size = Number.POSITIVE_INFINITY): boolean {
    if (this.done) return true;
    const count = Math.max(1, size);
    if (this.taken < this.items.length) {
      const run = this.items.slice(this.taken, this.taken + count).map((item) => ({ item, key: this.keyOf(item) }));
      run.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      this.runs.push(run);
      this.heads.push(0);
      this.taken += run.length;
      // Several runs are merged in later steps; one run holding everything (or an unbounded step,
      // which takes every item left) is placed now.
      if (this.taken < this.items.length || (this.runs.length > 1 && count !== Number.POSITIVE_INFINITY)) return false;
    }
    const next = (r: number) => (this.runs[r] as { key: string }[])[this.heads[r] as number]?.key as string;
    const less = (a: number, b: number) => next(a) < next(b);
    if (!this.heap) this.heap = this.runs.map((_, r) => r).sort((a, b) => (less(a, b) ? -1 : 1));
    const heap = this.heap;
    const end = Math.min(this.items.length, this.placed + count);
    while (this.placed < end) {
      const r = heap[0] as number;
      const run = this.runs[r] as { item: T; key: string }[];
      const at = this.heads[r] as number;
      const { item, key } = run[at] as { item: T; key: string };
      this.place(item, key, this.placed++);
      this.heads[r] = at + 1;
      if (at + 1 === run.length) {
        // That run is merged: the heap's last takes the root's place.
        const last = heap.pop() as number;
        if (heap.length > 0) heap[0] = last;
      }
      if (heap.length > 0) siftDown(heap, less);
    }
    return this.done;
  }
}

/** Moves a binary min-heap's root (by `less`) down to its place. */
function siftDown(heap: number[], less: (a: number, b: number) => boolean): void {
  for (let at = 0; ; ) {
    const left = 2 * at + 1;
    let least = at;
    if (left < heap.length && less(heap[left] as number, heap[least] as number)) least = left;
    if (left + 1 < heap.length && less(heap[left + 1] as number, heap[least] as number)) least = left + 1;
    if (least === at) return;
    [heap[at], heap[least]] = [heap[least] as number, heap[at] as number];
    at = least;
  }
}
