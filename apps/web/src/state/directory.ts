import type { Schemas } from '@cohort/api';
import { atom } from 'jotai';

export type Person = Schemas['PersonSummary'];
export type SearchFilters = Schemas['UserSearchFilters'];
export type ChannelInvite = Schemas['ChannelInvite'];

/** The directory's list filters (everything of `searchUsers` but the keyword and paging). */
export type ListFilterKey = Exclude<keyof SearchFilters, 'q'>;
export type DirectoryFilters = { [K in ListFilterKey]?: string[] };

const filtersBaseAtom = atom<DirectoryFilters>({});
const keywordBaseAtom = atom('');

/** The chosen filters and keyword; kept while the user moves between screens, so Search Again starts from them. */
export const directoryFiltersAtom = atom((get) => get(filtersBaseAtom));
export const directoryKeywordAtom = atom(
  (get) => get(keywordBaseAtom),
  (_get, set, value: string) => set(keywordBaseAtom, value),
);

export const setDirectoryFilterAtom = atom(null, (_get, set, key: ListFilterKey, values: string[]) =>
  set(filtersBaseAtom, (all) => ({ ...all, [key]: values })),
);

export const clearDirectoryAtom = atom(null, (_get, set) => {
  set(filtersBaseAtom, {});
  set(keywordBaseAtom, '');
});

/** The search as the API takes it: class years as numbers, empty filters left out. */
export function toSearch(filters: DirectoryFilters, keyword: string): SearchFilters {
  const search: SearchFilters = {};
  for (const [key, values] of Object.entries(filters) as [ListFilterKey, string[] | undefined][]) {
    if (!values?.length) continue;
    if (key === 'class_of') search.class_of = values.map(Number).filter(Number.isInteger);
    else search[key] = values;
  }
  const q = keyword.trim();
  if (q) search.q = q;
  return search;
}

/** Clears the signed-in user's directory filters, keyword (log out, session ended). */
export const resetDirectoryAtom = atom(null, (_get, set) => {
  set(filtersBaseAtom, {});
  set(keywordBaseAtom, '');
});
