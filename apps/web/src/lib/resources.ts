import type { ResourceKind } from '@cohort/api';
import { useQueries } from '@tanstack/react-query';
import { fromQuery } from './loadable.ts';
import { loadable, useApi } from './query.ts';

/**
 * The pickable lists (clubs, positions, universities, years, tags, ...): the first 100 items of a
 * kind (the API's page maximum), one query per kind, shared by every screen that offers them.
 */
const PAGE = 100;
const RESOURCES = '/api/v1/general/get-all-resource/';
const init = (kind: ResourceKind) => ({ params: { query: { resource: kind, per_page: PAGE } } });

/** One kind's list, read while `enabled`, with Retry (`reload`). */
export function useResource(kind: ResourceKind, enabled = true) {
  const query = useApi().useQuery('get', RESOURCES, init(kind), { enabled, staleTime: Number.POSITIVE_INFINITY });
  return loadable(query, (e) => e.data.data);
}

/** Several kinds at once (a picker's lists), read while `enabled`. */
export function useResourceQueries(kinds: readonly ResourceKind[], enabled: boolean) {
  const api = useApi();
  const queries = useQueries({
    queries: kinds.map((kind) => ({
      ...api.queryOptions('get', RESOURCES, init(kind)),
      enabled,
      staleTime: Number.POSITIVE_INFINITY,
    })),
  });
  return {
    states: queries.map((query) => fromQuery(query, (e) => e.data.data)),
    reload: () => {
      for (const query of queries) if (query.isError) void query.refetch();
    },
  };
}
