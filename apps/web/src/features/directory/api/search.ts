import type { Schemas } from '@cohort/api';
import { useEffect, useState } from 'react';
import { useApi } from '@/lib/query.ts';

type SearchFilters = Schemas['UserSearchFilters'];
export type Person = Schemas['PersonSummary'];

const SEARCH = '/api/v1/users/search';
const PER_PAGE = 30;

/** What the results panel shows of a search: every page read so far, and how the last read went. */
export interface SearchState {
  query: SearchFilters;
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  data: Person[];
  total: number;
  page: number;
  lastPage: number;
}

/**
 * The directory search (users/search) for `search` (null: none asked), an infinite query of
 * 30-person pages keyed by the filters: `more` reads the next page, `retry` the one that failed.
 */
export function useDirectorySearch(search: SearchFilters | null) {
  const query = useApi().useInfiniteQuery(
    'get',
    SEARCH,
    { params: { query: { ...search, per_page: PER_PAGE } } },
    {
      enabled: search !== null,
      pageParamName: 'page',
      initialPageParam: 1,
      getNextPageParam: (last) =>
        last.data.current_page < last.data.last_page ? last.data.current_page + 1 : undefined,
    },
  );
  const pages = query.data?.pages ?? [];
  const last = pages.at(-1)?.data;
  const failed = query.isError && !query.isFetching;
  const state: SearchState | null = search && {
    query: search,
    status: failed ? 'error' : query.isFetching ? 'loading' : 'ready',
    error: failed ? (query.error?.message ?? 'Unknown error') : null,
    data: pages.flatMap((page) => page.data.data),
    total: last?.total ?? 0,
    page: last?.current_page ?? 1,
    lastPage: last?.last_page ?? 1,
  };
  return {
    state,
    more: () => void query.fetchNextPage(),
    // A failed next page is asked for again; a failed first page (or a new search of the same filters) reads it all again.
    retry: () => void (query.isFetchNextPageError ? query.fetchNextPage() : query.refetch()),
  };
}

const MIN_QUERY = 2;
const DEBOUNCE_MS = 250;
const PAGE = 20;

/** Everyone in the directory matching `query` (users/search), debounced; friends come from their own list. */
export function usePeopleSearch(query: string, exclude: ReadonlySet<string>) {
  const q = query.trim();
  const [settled, setSettled] = useState(q);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(q), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q]);
  const wanted = settled === q && q.length >= MIN_QUERY;
  const result = useApi().useQuery(
    'get',
    SEARCH,
    { params: { query: { q: settled, per_page: PAGE } } },
    { enabled: wanted },
  );
  const status: 'idle' | 'loading' | 'ready' | 'error' =
    q.length < MIN_QUERY ? 'idle' : !wanted || result.isFetching ? 'loading' : result.isError ? 'error' : 'ready';
  const people = status === 'ready' ? (result.data?.data.data ?? []) : [];
  return { people: people.filter((p) => !exclude.has(p.id)), status };
}
