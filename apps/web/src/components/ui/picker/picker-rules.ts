import type { ResourceItem } from '@cohort/api';

/** The kinds of list a picker can show (a list descriptor's type). */
export type PickerListType =
  | 'position'
  | 'club'
  | 'direction'
  | 'interest'
  | 'university'
  | 'major'
  | 'graduation'
  | 'degree';

export interface PickerList {
  type: PickerListType;
  label: string;
  items: ResourceItem[];
}

export type PickerSelection = Partial<Record<PickerListType, ResourceItem | null>>;

export type PickerOutcome =
  | { kind: 'club'; name: string; position: string }
  | { kind: 'interest'; name: string }
  | { kind: 'direction'; name: string }
  | { kind: 'experience'; university: string; major: string; graduation: string; degree: string }
  | null;

/**
 * What Done makes of a selection, first match wins: a club with a position; else an interest; else a direction;
 * else university, major, graduation and degree all chosen; otherwise nothing.
 */
export function resolvePickerDone(selection: PickerSelection): PickerOutcome {
  const { club, position, interest, direction, university, major, graduation, degree } = selection;
  if (club && position) return { kind: 'club', name: club.name, position: position.name };
  if (interest) return { kind: 'interest', name: interest.name };
  if (direction) return { kind: 'direction', name: direction.name };
  if (university && major && graduation && degree) {
    return {
      kind: 'experience',
      university: university.name,
      major: major.name,
      graduation: graduation.name,
      degree: degree.name,
    };
  }
  return null;
}

/** Case- and whitespace-insensitive match on the item's name (the picker's filter). */
export function normalizeForFilter(text: string): string {
  return text.toLowerCase().replace(/\s+/g, '');
}

export function filterItems(items: readonly ResourceItem[], query: string): ResourceItem[] {
  const q = normalizeForFilter(query);
  if (q === '') return [...items];
  return items.filter((item) => normalizeForFilter(item.name).includes(q));
}
