import { describe, expect, it } from 'vitest';
import { filterItems, type PickerOutcome, type PickerSelection, resolvePickerDone } from '../picker-rules.ts';

const item = (id: number, name: string) => ({ id, name });
const club = item(1, 'Chess Club');
const position = item(2, 'President');
const interest = item(3, 'Climate Tech');
const direction = item(4, 'Venture Capital');
const university = item(5, 'Stanford University');
const major = item(6, 'Finance');
const graduation = item(7, '2026');
const degree = item(8, 'MBA');
const experience = { university, major, graduation, degree };

describe('Picker Done rules', () => {
  it.each<[string, PickerSelection, PickerOutcome]>([
    [
      'club and position: the club is saved',
      { club, position },
      { kind: 'club', name: 'Chess Club', position: 'President' },
    ],
    ['club without a position: nothing', { club }, null],
    ['position without a club: nothing', { position }, null],
    [
      'club without position falls through to the interest',
      { club, interest },
      { kind: 'interest', name: 'Climate Tech' },
    ],
    [
      'club and position win over an interest',
      { club, position, interest },
      { kind: 'club', name: 'Chess Club', position: 'President' },
    ],
    ['an interest', { interest }, { kind: 'interest', name: 'Climate Tech' }],
    ['interest wins over a direction', { interest, direction }, { kind: 'interest', name: 'Climate Tech' }],
    ['a direction', { direction }, { kind: 'direction', name: 'Venture Capital' }],
    [
      'direction wins over a complete experience',
      { direction, ...experience },
      { kind: 'direction', name: 'Venture Capital' },
    ],
    [
      'all four experience fields',
      experience,
      { kind: 'experience', university: 'Stanford University', major: 'Finance', graduation: '2026', degree: 'MBA' },
    ],
    ['experience without university: nothing', { major, graduation, degree }, null],
    ['experience without major: nothing', { university, graduation, degree }, null],
    ['experience without graduation: nothing', { university, major, degree }, null],
    ['experience without degree: nothing', { university, major, graduation }, null],
    ['a cleared choice (null) counts as not chosen', { club, position: null }, null],
    ['nothing chosen: nothing', {}, null],
  ])('%s', (_name, selection, want) => {
    expect(resolvePickerDone(selection)).toEqual(want);
  });
});

describe('picker filter: case- and whitespace-insensitive, on names', () => {
  const items = [item(1, 'Chess Club'), item(2, 'Entrepreneurship Club'), item(3, 'Rowing')];
  it.each<[string, string, string[]]>([
    ['empty query shows all', '', ['Chess Club', 'Entrepreneurship Club', 'Rowing']],
    ['case ignored', 'CHESS', ['Chess Club']],
    ['spaces in the query ignored', 'ch ess', ['Chess Club']],
    ['spaces in the name ignored', 'chessclub', ['Chess Club']],
    ['matches inside the name', 'club', ['Chess Club', 'Entrepreneurship Club']],
    ['only whitespace shows all', '   ', ['Chess Club', 'Entrepreneurship Club', 'Rowing']],
    ['no match', 'golf', []],
  ])('%s', (_name, query, want) => {
    expect(filterItems(items, query).map((i) => i.name)).toEqual(want);
  });
});
