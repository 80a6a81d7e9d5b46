import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { personName } from '@/lib/format.ts';
import { loadable, queryKey, useApi } from '@/lib/query.ts';

/** GET /users/{id}: another user's public profile. */
export function useUser(id: string) {
  const query = useApi().useQuery('get', '/api/v1/users/{id}', { params: { path: { id } } }, { enabled: id !== '' });
  return loadable(query, (e) => e.data);
}

/** GET /users/me/saved-messages: the profile's Saved Messages. */
export function useSavedMessages() {
  const query = useApi().useQuery('get', '/api/v1/users/me/saved-messages');
  return loadable(query, (e) => e.data);
}

/** Reads a user's profile again in place (what it may show changed, e.g. a connection): no spinner. */
export function useRefreshUser(): (id: string) => void {
  const qc = useQueryClient();
  return useCallback(
    (id: string) =>
      void qc.invalidateQueries({ queryKey: queryKey('/api/v1/users/{id}', { params: { path: { id } } }) }),
    [qc],
  );
}

/** The names of these people, by user id (one cached query per person); a failed look-up leaves a name out. */
export function useUserNames(ids: string[]): Map<string, string> {
  const api = useApi();
  const results = useQueries({
    queries: ids.map((id) => api.queryOptions('get', '/api/v1/users/{id}', { params: { path: { id } } })),
  });
  const names = new Map<string, string>();
  results.forEach((r, i) => {
    const name = r.data ? personName(r.data.data, '') : '';
    const id = ids[i];
    if (name && id) names.set(id, name);
  });
  return names;
}
