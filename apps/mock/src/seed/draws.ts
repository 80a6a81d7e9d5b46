import type { Faker } from '@faker-js/faker';
import type { IdPrefix } from '../lib/ids.ts';

/**
 * A few of faker's draws, asked the way faker asks them (the same numbers from the same stream, in
 * the same order, so the seed is unchanged) without what faker builds around them on every call:
 * at 100,000 users these three made a third of the seed's garbage. test/seed-draws.test.ts holds
 * each to faker's own answer.
 */

const DAY_MS = 86_400_000;
const SEXES = ['female', 'male'] as const;

/**
 * `f.date.recent({ days, refDate }).getTime()`: a moment in the `days` before `refDate` (up to a
 * second before it), as milliseconds (the seed formats them with `isoTime`, not a Date each).
 */
export function recentTime(f: Faker, days: number, refDate: Date): number {
  const to = refDate.getTime();
  return drawsOf(f).int(to - days * DAY_MS, to - 1000);
}

/**
 * `f.helpers.arrayElements(list, count)` for a number `count`: faker shuffles the end of a copy of
 * the whole list to take `count` of them; here only the swapped places are remembered.
 */
export function someOf<T>(f: Faker, list: readonly T[], count: number): T[] {
  if (list.length === 0 || count <= 0) return [];
  if (count >= list.length) return f.helpers.arrayElements(list, count);
  const from = list.length - count;
  const draw = drawsOf(f);
  // faker's copy after its swaps: the places swapped so far (a handful) and what they hold now.
  let swaps = 0;
  const valueAt = (i: number): T => {
    for (let k = swaps - 1; k >= 0; k--) if (swapAt[k] === i) return swapValue[k] as T;
    return list[i] as T;
  };
  const picked = list.slice(from);
  for (let i = list.length - 1; i >= from; i--) {
    const j = draw.int(0, i);
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
  const draw = drawsOf(f);
  draw.pick(SEXES);
  const pattern = draw.weighted(lists.patterns);
  let name = draw.pick(lists.names);
  for (let at = pattern.indexOf('-{{'); at !== -1; at = pattern.indexOf('-{{', at + 3)) {
    name += `-${draw.pick(lists.names)}`;
  }
  return name;
}

/**
 * An id for seeded data: drawn from the seeded faker, so the same seed gives the same id. The same
 * draws as `f.string.fromCharacters(URL_SAFE, 16)`, without its arrays (a million ids at 100,000 users).
 */
export function seededId(prefix: IdPrefix, f: Faker): string {
  const draw = drawsOf(f);
  let codes = seededCodes[prefix];
  if (!codes) {
    codes = Array.from(`${prefix}_${'A'.repeat(16)}`, (c) => c.charCodeAt(0));
    seededCodes[prefix] = codes;
  }
  for (let i = codes.length - 16; i < codes.length; i++) codes[i] = draw.pick(URL_SAFE_CODES);
  // One flat string made from the character codes, not 16 ever longer ones (half a million seeded ids).
  return String.fromCharCode(...codes);
}

const URL_SAFE_CODES = Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-', (c) =>
  c.charCodeAt(0),
);
/** Per prefix: its characters, `_`, then room for the 16 drawn ones. */
const seededCodes: Partial<Record<IdPrefix, number[]>> = {};

/** The faker's own random number source (not in its types; `undefined` if a faker version moves it). */
function randomizerOf(f: Faker): { next(): number } | undefined {
  const randomizer = (f as unknown as { fakerCore?: { randomizer?: { next?: unknown } } }).fakerCore?.randomizer;
  return typeof randomizer?.next === 'function' ? (randomizer as { next(): number }) : undefined;
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
  /** `f.helpers.weightedArrayElement(items)`: one number, scaled to the weights' sum. */
  weighted<T>(items: readonly { weight: number; value: T }[]): T;
  /** `f.date.weekday()`. */
  weekday(): string;
  /** `f.string.alphanumeric(length)`: one draw per character from digits, lower case, upper case. */
  alphanumeric(length: number): string;
  /** `f.person.firstName()`: a sex, then its list or the generic one (weighted by their sizes), then a name. */
  firstName(): string;
  /** `f.phone.number({ style })`: a format, then a digit for each `#` and 2–9 for each `!`. */
  phoneNumber(style: 'human' | 'international' | 'mobile' | 'national'): string;
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
  const firstNames = f.definitions.person.first_name;
  const phoneFormats = f.definitions.phone_number.format;
  const index = (length: number) =>
    length > 1 ? (source ? Math.floor(source.next() * length) : f.number.int({ max: length - 1 })) : 0;
  function pick<T>(list: readonly T[]): T {
    if (list.length === 0) throw new Error('Cannot get value from empty dataset.');
    return list[index(list.length)] as T;
  }
  function int(min: number, max: number): number {
    if (min === max) return min;
    return source ? Math.floor(source.next() * (max - min + 1) + min) : f.number.int({ min, max });
  }
  function weighted<T>(items: readonly { weight: number; value: T }[]): T {
    if (items.length === 0) throw new Error('weightedArrayElement expects an array with at least one element');
    let total = 0;
    for (const item of items) total += item.weight;
    const at = source ? source.next() * total : f.number.float({ min: 0, max: total });
    let sum = 0;
    for (const item of items) {
      sum += item.weight;
      if (at < sum) return item.value;
    }
    return (items.at(-1) as { value: T }).value;
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
    int,
    weighted,
    weekday: () => pick(weekdays),
    alphanumeric(length: number): string {
      let text = '';
      for (let i = 0; i < length; i++) text += ALPHANUMERIC[index(ALPHANUMERIC.length)];
      return text;
    },
    firstName(): string {
      const { generic, female, male } = firstNames;
      const sexed = pick(SEXES) === 'female' ? female : male;
      if (!sexed || !generic) return pick(sexed ?? generic ?? []);
      // faker weighs the sex's list against the generic one by their sizes.
      return pick(
        weighted([
          { weight: 3 * Math.sqrt(sexed.length), value: sexed },
          { weight: Math.sqrt(generic.length), value: generic },
        ]),
      );
    },
    phoneNumber(style): string {
      const format = pick(phoneFormats[style] ?? []);
      let number = '';
      for (const symbol of format) {
        if (symbol === '#') number += String(int(0, 9));
        else if (symbol === '!') number += String(int(2, 9));
        else number += symbol;
      }
      return number;
    },
  };
  drawsByFaker.set(f, draws);
  return draws;
}
