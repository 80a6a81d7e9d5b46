import { describe, expect, it } from 'vitest';
import { seededId } from '../src/ids.ts';
import { CLUBS, DIRECTIONS, INTERESTS } from '../src/seed/catalog.ts';
import { lastName, recentDate, someOf } from '../src/seed/draws.ts';
import { newFaker } from '../src/seed/faker.ts';

/**
 * The seed's cheaper draws against faker's own: two fakers seeded alike, one asked through faker,
 * one through the replacement; every answer must be the same, and so must the next number each
 * stream gives (the same count of draws taken).
 */
function alike<T>(
  ask: (f: ReturnType<typeof newFaker>) => T,
  byFaker: (f: ReturnType<typeof newFaker>) => T,
  times = 2_000,
) {
  for (const seed of [1, 7, 20261122]) {
    const ours = newFaker();
    const theirs = newFaker();
    ours.seed(seed);
    theirs.seed(seed);
    for (let i = 0; i < times; i++) {
      expect(ask(ours)).toEqual(byFaker(theirs));
      expect(ours.number.int()).toBe(theirs.number.int());
    }
  }
}

describe('seed draws', () => {
  it('recentDate is f.date.recent', () => {
    const refDate = new Date('2026-11-22T12:34:56.789Z');
    alike(
      (f) => recentDate(f, 120, refDate).toISOString(),
      (f) => f.date.recent({ days: 120, refDate }).toISOString(),
    );
    alike(
      (f) => recentDate(f, 14, refDate).getTime(),
      (f) => f.date.recent({ days: 14, refDate }).getTime(),
    );
  });

  it('someOf is f.helpers.arrayElements with a count, in the same order, for every count', () => {
    for (const list of [CLUBS, INTERESTS, DIRECTIONS, ['only'], [] as string[]]) {
      for (const count of [0, 1, 2, 3, 5, list.length - 1, list.length, list.length + 2]) {
        alike(
          (f) => someOf(f, list, count),
          (f) => f.helpers.arrayElements(list, count),
          200,
        );
      }
    }
  });

  it('lastName is f.person.lastName, hyphenated names included', () => {
    const names: string[] = [];
    alike(
      (f) => {
        const name = lastName(f);
        names.push(name);
        return name;
      },
      (f) => f.person.lastName(),
    );
    expect(names.some((name) => name.includes('-'))).toBe(true);
  });

  it('seededId is f.string.fromCharacters of the url-safe alphabet, after the prefix', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
    alike(
      (f) => seededId('int', f),
      (f) => `int_${f.string.fromCharacters(alphabet, 16)}`,
    );
  });
});
