import type { Schemas } from '@cohort/api';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKey, settle, useApi, useClient } from '@/lib/query.ts';
import type { ActionResult } from '@/lib/result.ts';

export type Settings = Schemas['Settings'];
export type SettingsUpdate = Schemas['SettingsUpdate'];
export type Visibility = Schemas['ContactVisibility'];
export type NotificationKind = keyof Schemas['NotificationSettings'];

export const SETTINGS = '/api/v1/users/me/settings';

/** My privacy and notification settings. */
export function useSettings() {
  return useApi().useQuery('get', SETTINGS);
}

/** Sends only the changed fields; the cache then holds the server's answer, not what was asked. */
export function useUpdateSettings() {
  const api = useClient();
  const qc = useQueryClient();
  return useCallback(
    async (change: SettingsUpdate): Promise<ActionResult<Settings>> => {
      const r = await settle<Settings>(api.PATCH(SETTINGS, { body: change }));
      if (r.ok) qc.setQueryData(queryKey(SETTINGS), { success: true, message: '', data: r.value });
      return r;
    },
    [api, qc],
  );
}
