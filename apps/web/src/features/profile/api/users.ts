import { useQueries } from '@tanstack/react-query';
import { useCallback } from 'react';
import { personName } from '../../../lib/format.ts';
import { loadable, settle, useApi, useClient } from '../../../lib/query.ts';

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

/** POST users/{id}/connect ('Invite to Connect'). */
export function useConnectUser() {
  const api = useClient();
  return useCallback(
    (id: string) => settle<unknown>(api.POST('/api/v1/users/{id}/connect', { params: { path: { id } } })),
    [api],
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
