import type { Schemas, User } from '@cohort/api';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { patchPerson } from '@/lib/person-cache.ts';
import { loadable, queryKey, settle, useApi, useClient } from '@/lib/query.ts';
import { rememberUserIdAtom, sessionAtom } from '@/lib/session-state.ts';

/** GET /users/me: the signed-in user (sign-in seeds it); keeps the session's id in step with it. */
export function useMe() {
  const query = useApi().useQuery('get', '/api/v1/users/me');
  const session = useAtomValue(sessionAtom);
  const remember = useSetAtom(rememberUserIdAtom);
  const id = query.data?.data.id;
  useEffect(() => {
    if (id && session && session.id !== id) remember(id);
  }, [id, session, remember]);
  return loadable(query, (e) => e.data);
}

/**
 * PATCH /users/me ('Edit my profile', photo, résumé). The answer replaces the cached user, and my
 * name and photo are written into every other cached read that shows me; other people's screens
 * hear of it through the user stream's `person` event.
 */
export function useUpdateMe() {
  const api = useClient();
  const qc = useQueryClient();
  return useCallback(
    async (changes: Schemas['UserUpdate']) => {
      const result = await settle<User>(api.PATCH('/api/v1/users/me', { body: changes }));
      if (result.ok) {
        qc.setQueryData(queryKey('/api/v1/users/me'), (old: object | undefined) => ({ ...old, data: result.value }));
        // My name and photo wherever a cached read shows me (members, search, connections, notifications…).
        patchPerson(qc, result.value);
      }
      return result;
    },
    [api, qc],
  );
}
