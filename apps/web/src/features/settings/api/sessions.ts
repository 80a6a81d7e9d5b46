import type { Schemas } from '@cohort/api';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKey, settle, useApi, useClient } from '@/lib/query.ts';
import type { ActionResult } from '@/lib/result.ts';

export type Session = Schemas['Session'];

export const SESSIONS = '/api/v1/users/me/sessions';

/** My signed-in devices, most recently used first; `current` is this one. */
export function useSessions() {
  return useApi().useQuery('get', SESSIONS);
}

/** Sign out one other device, or every device but this one; the list is read again after either. */
export function useSessionActions() {
  const api = useClient();
  const qc = useQueryClient();
  const changed = useCallback(() => void qc.invalidateQueries({ queryKey: queryKey(SESSIONS) }), [qc]);
  const end = useCallback(
    async (id: string): Promise<ActionResult<null>> => {
      const r = await settle<null>(api.DELETE(`${SESSIONS}/{id}`, { params: { path: { id } } }));
      changed();
      return r;
    },
    [api, changed],
  );
  const endOthers = useCallback(async (): Promise<ActionResult<{ ended: number }>> => {
    const r = await settle<{ ended: number }>(api.DELETE(SESSIONS));
    changed();
    return r;
  }, [api, changed]);
  return { end, endOthers };
}
