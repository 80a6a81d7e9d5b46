import { useCallback } from 'react';
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
