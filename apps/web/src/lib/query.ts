import { ApiError, asFetchClient, type paths } from '@cohort/api';
import { QueryClient } from '@tanstack/react-query';
import { atom, useAtomValue } from 'jotai';
import createQueryHooks, { type OpenapiQueryClient } from 'openapi-react-query';
import { apiClientAtom } from './api-client.ts';

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
