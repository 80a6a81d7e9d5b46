import type { ApiError } from '@cohort/api';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Loadable } from './result.ts';

/** A query as the `Loadable` that `LoadState` renders (`select` picks the part shown). */
export function fromQuery<E, T>(query: UseQueryResult<E, unknown>, select: (envelope: E) => T): Loadable<T> {
  const data = query.data === undefined ? undefined : select(query.data);
  if (query.isError && !query.isFetching) {
    return { status: 'error', data: undefined, error: query.error as ApiError, owner: 'me' };
  }
  if (query.isPending || query.isFetching) return { status: 'loading', data, error: null, owner: 'me' };
  return { status: 'ready', data, error: null, owner: 'me' };
}
