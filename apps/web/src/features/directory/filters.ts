import type { Schemas } from '@cohort/api';
import { atom, type Getter } from 'jotai';
import { sessionAtom } from '../../lib/session-state.ts';

export type Person = Schemas['PersonSummary'];
export type SearchFilters = Schemas['UserSearchFilters'];
export type ChannelInvite = Schemas['ChannelInvite'];

/** The directory's list filters (everything of `searchUsers` but the keyword and paging). */
export type ListFilterKey = Exclude<keyof SearchFilters, 'q'>;
export type DirectoryFilters = { [K in ListFilterKey]?: string[] };

// Kept with the session they belong to: a new sign-in (or another user) starts from none.
const filtersBaseAtom = atom<{ token: string | null; value: DirectoryFilters }>({ token: null, value: {} });
const keywordBaseAtom = atom<{ token: string | null; value: string }>({ token: null, value: '' });
const tokenOf = (get: Getter) => get(sessionAtom)?.token ?? null;

/** The chosen filters and keyword; kept while the user moves between screens, so Search Again starts from them. */
export const directoryFiltersAtom = atom((get) => {
  const stored = get(filtersBaseAtom);
  return stored.token === tokenOf(get) ? stored.value : {};
});
export const directoryKeywordAtom = atom(
  (get) => {
    const stored = get(keywordBaseAtom);
    return stored.token === tokenOf(get) ? stored.value : '';
  },
  (get, set, value: string) => set(keywordBaseAtom, { token: tokenOf(get), value }),
);

export const setDirectoryFilterAtom = atom(null, (get, set, key: ListFilterKey, values: string[]) =>
  set(filtersBaseAtom, { token: tokenOf(get), value: { ...get(directoryFiltersAtom), [key]: values } }),
);

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
