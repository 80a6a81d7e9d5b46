import type { Faker } from '@faker-js/faker';
import { randomizerOf } from '../ids.ts';

/**
 * A few of faker's draws, asked the way faker asks them (the same numbers from the same stream, in
 * the same order, so the seed is unchanged) without what faker builds around them on every call:
 * at 100,000 users these three made a third of the seed's garbage. test/seed-draws.test.ts holds
 * each to faker's own answer.
 */

const DAY_MS = 86_400_000;

/** `f.date.recent({ days, refDate })`: a moment in the `days` before `refDate` (up to a second before it). */
export function recentDate(f: Faker, days: number, refDate: Date): Date {
  const to = refDate.getTime();
  return new Date(f.number.int({ min: to - days * DAY_MS, max: to - 1000 }));
}

/**
 * `f.helpers.arrayElements(list, count)` for a number `count`: faker shuffles the end of a copy of
 * the whole list to take `count` of them; here only the swapped places are remembered.
 */
export function someOf<T>(f: Faker, list: readonly T[], count: number): T[] {
  if (list.length === 0 || count <= 0) return [];
  if (count >= list.length) return f.helpers.arrayElements(list, count);
  const from = list.length - count;
  // faker's copy after its swaps: the places swapped so far (a handful) and what they hold now.
  let swaps = 0;
  const valueAt = (i: number): T => {
    for (let k = swaps - 1; k >= 0; k--) if (swapAt[k] === i) return swapValue[k] as T;
    return list[i] as T;
  };
  const picked = list.slice(from);
  for (let i = list.length - 1; i >= from; i--) {
    const j = f.number.int(i);
    picked[i - from] = valueAt(j);
    swapValue[swaps] = valueAt(i);
    swapAt[swaps] = j;
    swaps++;
  }
  swapValue.fill(undefined, 0, swaps);
  return picked;
}

const swapAt: number[] = [];
const swapValue: unknown[] = [];

let lastNames: { patterns: { value: string; weight: number }[]; names: readonly string[] } | null | undefined;

/** The English locale's last-name patterns: only `{{person.last_name.generic}}`, joined by hyphens. */
function lastNameLists(f: Faker): typeof lastNames {
  if (lastNames !== undefined) return lastNames;
  const person = f.rawDefinitions.person as
    | { last_name_pattern?: Record<string, unknown>; last_name?: Record<string, unknown> }
    | undefined;
  const patterns = person?.last_name_pattern;
  const names = person?.last_name?.generic;
  const generic = patterns?.generic as { value: string; weight: number }[] | undefined;
  const simple =
    patterns &&
    Object.keys(patterns).length === 1 &&
    Array.isArray(generic) &&
    Array.isArray(names) &&
    generic.every(({ value }) => /^{{person\.last_name\.generic}}(?:-{{person\.last_name\.generic}})*$/.test(value));
  lastNames = simple ? { patterns: generic, names: names as string[] } : null;
  return lastNames;
}

/** `f.person.lastName()`: faker draws a sex (unused: the patterns are generic), a pattern, then a name per placeholder. */
export function lastName(f: Faker): string {
  const lists = lastNameLists(f);
  if (!lists) return f.person.lastName();
  f.person.sexType();
  const pattern = f.helpers.weightedArrayElement(lists.patterns);
  let name = f.helpers.arrayElement(lists.names);
  for (let at = pattern.indexOf('-{{'); at !== -1; at = pattern.indexOf('-{{', at + 3)) {
    name += `-${f.helpers.arrayElement(lists.names)}`;
  }
  return name;
}

/** faker's commonest draws, asked of its random source directly (the same numbers, in the same order). */
export interface Draws {
  /** `f.helpers.arrayElement(list)`: no draw for a list of one. */
  pick<T>(list: readonly T[]): T;
  /** `f.helpers.arrayElement(list.slice(-count))`, without the copy. */
  pickLast<T>(list: readonly T[], count: number): T;
  /** `f.datatype.boolean({ probability })`: faker's `number.float()` is the source's next number. */
  chance(probability: number): boolean;
  /** `f.number.int({ min, max })` for integer bounds: no draw when they are equal. */
  int(min: number, max: number): number;
  /** `f.date.weekday()`. */
  weekday(): string;
  /** `f.string.alphanumeric(length)`: one draw per character from digits, lower case, upper case. */
  alphanumeric(length: number): string;
}

const ALPHANUMERIC = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

const drawsByFaker = new WeakMap<Faker, Draws>();

/**
 * The draws of `f`, made once per faker. Each faker call checks its options and reads the locale
 * through a proxy: at the 14,400 messages of the default seed (eight draws each) that was most of
 * their cost. A faker without a reachable source gets faker's own calls.
 */
export function drawsOf(f: Faker): Draws {
  let draws = drawsByFaker.get(f);
  if (draws) return draws;
  const source = randomizerOf(f);
  const weekdays = f.definitions.date.weekday.wide;
  const index = (length: number) =>
    length > 1 ? (source ? Math.floor(source.next() * length) : f.number.int({ max: length - 1 })) : 0;
  function pick<T>(list: readonly T[]): T {
    if (list.length === 0) throw new Error('Cannot get value from empty dataset.');
    return list[index(list.length)] as T;
  }
  draws = {
    pick,
    pickLast<T>(list: readonly T[], count: number): T {
      const from = Math.max(0, list.length - count);
      if (list.length === from) throw new Error('Cannot get value from empty dataset.');
      return list[from + index(list.length - from)] as T;
    },
    chance(probability: number): boolean {
      if (probability <= 0) return false;
      if (probability >= 1) return true;
      return (source ? source.next() : f.number.float()) < probability;
    },
    int(min: number, max: number): number {
      if (min === max) return min;
      return source ? Math.floor(source.next() * (max - min + 1) + min) : f.number.int({ min, max });
    },
    weekday: () => pick(weekdays),
    alphanumeric(length: number): string {
      let text = '';
      for (let i = 0; i < length; i++) text += ALPHANUMERIC[index(ALPHANUMERIC.length)];
      return text;
    },
  };
  drawsByFaker.set(f, draws);
  return draws;
}
