import type { ApiError, Channel, Schemas } from '@cohort/api';
import { atom } from 'jotai';
import { type ActionResult, fail, idle, type Loadable, ok } from '../lib/result.ts';
import { apiClientAtom } from './api.ts';

export type Person = Schemas['PersonSummary'];
export type SearchFilters = Schemas['UserSearchFilters'];
export type SavedList = Schemas['SavedList'];
export type SavedListDetail = Schemas['SavedListDetail'];
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

// ---------- group counts for the profile's More menu ----------

export interface GroupCounts {
  pending: number;
  active: number;
  inactive: number;
}

const groupCountsBaseAtom = atom<Loadable<GroupCounts>>(idle<GroupCounts>());
/** The counts with their load state: while a reload runs they are gone, so old numbers never pass for current. */
export const groupCountsAtom = atom((get) => get(groupCountsBaseAtom));
// Bumped by every load and by reset, so an answer for a signed-out user cannot land in the next session.
const countsRequestAtom = atom(0);

/** 'n Pending', 'n Active', 'n Inactive' from the invites and my groups. */
export const loadGroupCountsAtom = atom(null, async (get, set): Promise<ActionResult> => {
  const api = get(apiClientAtom);
  const ticket = get(countsRequestAtom) + 1;
  set(countsRequestAtom, ticket);
  set(groupCountsBaseAtom, { status: 'loading', data: undefined, error: null, owner: 'me' });
  const [invites, groups] = await Promise.all([
    api.GET('/api/v1/users/me/channel-invites'),
    api.GET('/api/v1/users/me/channels'),
  ]);
  if (ticket !== get(countsRequestAtom)) return ok(undefined);
  const failed = (error: ApiError) => {
    set(groupCountsBaseAtom, { status: 'error', data: undefined, error, owner: 'me' });
    return fail(error);
  };
  if (invites.error) return failed(invites.error);
  if (groups.error) return failed(groups.error);
  const all: Channel[] = groups.data.data;
  set(groupCountsBaseAtom, {
    status: 'ready',
    data: {
      pending: invites.data.data.length,
      active: all.filter((c) => c.status !== 'inactive').length,
      inactive: all.filter((c) => c.status === 'inactive').length,
    },
    error: null,
    owner: 'me',
  });
  return ok(undefined);
});

/** Clears the signed-in user's directory filters, keyword and group counts (log out, session ended). */
export const resetDirectoryAtom = atom(null, (_get, set) => {
  set(countsRequestAtom, (n) => n + 1);
  set(filtersBaseAtom, {});
  set(keywordBaseAtom, '');
  set(groupCountsBaseAtom, idle<GroupCounts>());
});
