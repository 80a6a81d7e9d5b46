import type { Schemas, User } from '@cohort/api';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { CHANNEL } from '../../../lib/channel-cache.ts';
import { MESSAGES } from '../../../lib/message-cache.ts';
import { loadable, queryKey, settle, useApi, useClient } from '../../../lib/query.ts';
import { rememberUserIdAtom, sessionAtom } from '../../../lib/session-state.ts';

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
 * PATCH /users/me ('Edit my profile', photo, résumé). The answer replaces the cached user; the
 * groups' member lists, the chats' messages and any profile read by id show my name and photo, so
 * they are read again.
 */
export function useUpdateMe() {
  const api = useClient();
  const qc = useQueryClient();
  return useCallback(
    async (changes: Schemas['UserUpdate']) => {
      const result = await settle<User>(api.PATCH('/api/v1/users/me', { body: changes }));
      if (result.ok) {
        qc.setQueryData(queryKey('/api/v1/users/me'), (old: object | undefined) => ({ ...old, data: result.value }));
        void qc.invalidateQueries({ queryKey: queryKey(CHANNEL) });
        void qc.invalidateQueries({ queryKey: queryKey(MESSAGES) });
        void qc.invalidateQueries({ queryKey: queryKey('/api/v1/users/{id}') });
      }
      return result;
    },
    [api, qc],
  );
}
