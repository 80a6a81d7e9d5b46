import { describe, expect, it } from 'vitest';
import { CLUBS, DIRECTIONS, INTERESTS } from '../src/lib/catalog.ts';
import { drawsOf, lastName, recentTime, seededId, someOf } from '../src/seed/draws.ts';
import { newFaker } from '../src/seed/faker.ts';
import { isoTime } from '../src/seed/iso-time.ts';
import { CHAT_LINES, chatLine, PLACES, TIMES } from '../src/seed/messages.ts';

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

/** chatLine as it was written first: each slot a faker call, filled by String.replace. */
function byReplace(f: ReturnType<typeof newFaker>, names: Record<string, string>): string {
  return f.helpers.arrayElement(CHAT_LINES).replace(/\{(\w+)\}/g, (_, slot: string) => {
    switch (slot) {
      case 'weekday':
        return f.date.weekday();
      case 'time':
        return f.helpers.arrayElement(TIMES);
      case 'room':
        return String(f.number.int({ min: 100, max: 420 }));
      case 'lastName':
        return f.person.lastName();
      case 'place':
        return f.helpers.arrayElement(PLACES);
      default:
        return names[slot] ?? slot;
    }
  });
}

describe('seed draws', () => {
  it('recentTime is f.date.recent, and isoTime formats it as Date does', () => {
    const refDate = new Date('2026-11-22T12:34:56.789Z');
    alike(
      (f) => isoTime(recentTime(f, 120, refDate)),
      (f) => f.date.recent({ days: 120, refDate }).toISOString(),
    );
    alike(
      (f) => recentTime(f, 14, refDate),
      (f) => f.date.recent({ days: 14, refDate }).getTime(),
    );
  });

  it('isoTime is Date#toISOString for every whole millisecond of the years 0 to 9999', () => {
    const f = newFaker();
    f.seed(5);
    const edges = [
      0,
      -1,
      Date.UTC(2000, 1, 29, 23, 59, 59, 999),
      Date.UTC(1900, 2, 1),
      Date.UTC(2100, 1, 28, 12),
      Date.UTC(2026, 11, 31, 23, 59, 59, 999),
      new Date('0000-01-01T00:00:00.000Z').getTime(),
      new Date('9999-12-31T23:59:59.999Z').getTime(),
    ];
    const random = Array.from({ length: 50_000 }, () =>
      f.number.int({ min: -62_167_219_200_000, max: 253_402_300_799_999 }),
    );
    for (const ms of [...edges, ...random]) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    // Outside that range, or between milliseconds, Date formats it.
    for (const ms of [-62_167_219_200_001, 253_402_300_800_000, 1.5]) {
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    }
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
  it("drawsOf asks faker's source as faker's own calls do", () => {
    const members = ['Ann', 'Bo', 'Cy', 'Di'];
    alike(
      (f) => drawsOf(f).pick(CLUBS),
      (f) => f.helpers.arrayElement(CLUBS),
    );
    // A list of one: no draw (the next number after it must still match).
    alike(
      (f) => drawsOf(f).pick(['only']),
      (f) => f.helpers.arrayElement(['only']),
      50,
    );
    for (const count of [1, 3, 10, 20]) {
      alike(
        (f) => drawsOf(f).pickLast(members, count),
        (f) => f.helpers.arrayElement(members.slice(-count)),
        200,
      );
    }
    for (const probability of [0, 0.08, 0.5, 1]) {
      alike(
        (f) => drawsOf(f).chance(probability),
        (f) => f.datatype.boolean({ probability }),
        300,
      );
    }
    const [from, to] = [Date.parse('2024-01-01T00:00:00Z'), Date.parse('2026-11-22T00:00:00Z')];
    alike(
      (f) => drawsOf(f).int(from, to),
      (f) => f.date.between({ from, to }).getTime(),
    );
    alike(
      (f) => drawsOf(f).int(20, 200),
      (f) => f.number.int({ min: 20, max: 200 }),
    );
    alike(
      (f) => drawsOf(f).int(5, 5),
      (f) => f.number.int({ min: 5, max: 5 }),
      50,
    );
    alike(
      (f) => drawsOf(f).weekday(),
      (f) => f.date.weekday(),
    );
    alike(
      (f) => drawsOf(f).alphanumeric(12),
      (f) => f.string.alphanumeric(12),
      500,
    );
    alike(
      (f) => drawsOf(f).firstName(),
      (f) => f.person.firstName(),
    );
    for (const style of ['international', 'human'] as const) {
      alike(
        (f) => drawsOf(f).phoneNumber(style),
        (f) => f.phone.number({ style }),
        500,
      );
    }
    const positions = [
      { weight: 6, value: 'Member' },
      { weight: 1, value: 'Chair' },
      { weight: 2.5, value: 'Treasurer' },
    ];
    alike(
      (f) => drawsOf(f).weighted(positions),
      (f) => f.helpers.weightedArrayElement(positions),
    );
  });

  it('chatLine fills each slot from the same draws as String.replace with faker calls did', () => {
    const names = { club: 'Chess Club', major: 'Economics', company: 'Acme', name: 'Ann' };
    // The lines and slots as chatLine had them before it cut its lines once (see messages.ts).
    const lines = new Set<string>();
    alike(
      (f) => {
        const line = chatLine(f, names);
        lines.add(line);
        return line;
      },
      (f) => byReplace(f, names),
    );
    // Every kind of slot came up.
    for (const filled of ['Chess Club', 'Economics', 'Acme', 'Ann', 'Professor ', ' room ', ' at ']) {
      expect(
        [...lines].some((line) => line.includes(filled)),
        filled,
      ).toBe(true);
    }
  });
});
