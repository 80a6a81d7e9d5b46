import { ApiError, asFetchClient, type CohortClient, type paths } from '@cohort/api';
import { type InfiniteData, QueryClient, type UseQueryResult, useInfiniteQuery } from '@tanstack/react-query';
import { atom, useAtomValue } from 'jotai';
import createQueryHooks, { type OpenapiQueryClient } from 'openapi-react-query';
import { apiClientAtom } from './api-client.ts';
import { fromQuery } from './loadable.ts';
import { type ActionResult, fail, ok } from './result.ts';

/**
 * The one query layer: TanStack Query over the `@cohort/api` client. Reads are queries keyed by
 * operation and parameters (`['get', path, init]`, openapi-react-query's key), writes are
 * mutations that update or invalidate what they change, and stream events write into the same
 * cache (lib/live-updates.ts).
 */
export type Api = OpenapiQueryClient<paths>;

/** A 4xx will answer the same again: only unreachable servers and 5xx are retried (twice). */
const retry = (count: number, error: unknown) =>
  count < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500);

export function createAppQueryClient({ retries = true }: { retries?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retries ? retry : false, staleTime: 15_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

const queryClientBaseAtom = atom<QueryClient | null>(null);
/** The QueryClient of this store (set by createAppStore), so sign-out can clear the cache. */
export const queryClientAtom = atom(
  (get) => {
    const client = get(queryClientBaseAtom);
    if (!client) throw new Error('The query client is not set: create the store with createAppStore().');
    return client;
  },
  (_get, set, client: QueryClient) => set(queryClientBaseAtom, client),
);

const apiAtom = atom((get) => createQueryHooks(asFetchClient(get(apiClientAtom))));

/** The typed query hooks (`api.useQuery('get', '/api/v1/…', { params })`) on the app's client. */
export function useApi(): Api {
  return useAtomValue(apiAtom);
}

/** The query key openapi-react-query gives a GET: the prefix `['get', path]` matches every parameter set. */
export function queryKey<P extends keyof paths>(path: P, init?: unknown): readonly unknown[] {
  return init === undefined ? ['get', path] : ['get', path, init];
}

/** The raw `@cohort/api` client, for a feature's `api/` module only (screens use its hooks). */
export function useClient(): CohortClient {
  return useAtomValue(apiClientAtom);
}

/** A client call as an `ActionResult` of its envelope's `data` (the UI shows `error.message`, keeps the input). */
export async function settle<T>(call: Promise<{ data?: object; error?: ApiError }>): Promise<ActionResult<T>> {
  const r = await call;
  if (r.error) return fail(r.error);
  return ok((r.data as { data: T }).data);
}

/** A query's state for `LoadState`, plus `reload` (Retry). */
export function loadable<E, T>(query: UseQueryResult<E, unknown>, select: (envelope: E) => T) {
  return { ...fromQuery(query, select), reload: () => void query.refetch() };
}

/** A read's envelope for a query function, or its error thrown so that the query fails. */
export async function envelope<T>(call: Promise<{ data?: T; error?: unknown }>): Promise<T> {
  const r = await call;
  if (r.error) throw r.error;
  return r.data as T;
}

/** A paged list's query: the first page without a cursor, each later one with the cursor the page before gave. */
export function paged<Q extends object, K extends 'before' | 'cursor', C>(query: Q, key: K, at: C | null) {
  return (at === null ? query : { ...query, [key]: at }) as Q & Partial<Record<K, C>>;
}

/** The next page's `before` (numbered lists) or `cursor`, or null when the list has no more. */
export const nextBefore = (last: { meta: { has_more: boolean; next_before?: number | null } }) =>
  last.meta.has_more ? (last.meta.next_before ?? null) : null;
export const nextCursor = (last: { meta: { has_more: boolean; next_cursor?: string | null } }) =>
  last.meta.has_more ? (last.meta.next_cursor ?? null) : null;

type CursorPage = { meta: { has_more: boolean; next_cursor?: string | null } };

/** A cursor-paged list as an infinite query: `read` gets the page at a cursor (null: the first page). */
export function useCursorPages<P extends CursorPage>(
  key: readonly unknown[],
  read: (cursor: string | null, signal: AbortSignal) => Promise<P>,
  options: { enabled?: boolean; staleTime?: number } = {},
) {
  return useInfiniteQuery<P, Error, InfiniteData<P, string | null>, readonly unknown[], string | null>({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => read(pageParam, signal),
    initialPageParam: null,
    getNextPageParam: nextCursor,
    ...options,
  });
}
