import type { Schemas } from '@cohort/api';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKey, settle, useApi, useClient } from '@/lib/query.ts';
import type { ActionResult } from '@/lib/result.ts';

export type LocationSharing = Schemas['LocationSharing'];
export type NearbyPerson = Schemas['NearbyPerson'];

export const LOCATION = '/api/v1/users/me/location';
export const NEARBY = '/api/v1/users/nearby';
/** The first page is as many as the contract allows: a 50 km circle rarely holds more. */
const NEARBY_INIT = { params: { query: { per_page: 100 } } };

/** Whether I share a location, and until when. */
export function useLocationSharing() {
  return useApi().useQuery('get', LOCATION);
}

/** The people nearby who share too (empty while I do not share). */
export function useNearbyPeople(enabled: boolean) {
  return useApi().useQuery('get', NEARBY, NEARBY_INIT, { enabled });
}

/** Start (or refresh) and stop sharing; my sharing state is the server's answer, and the list is read again. */
export function useSharingActions() {
  const api = useClient();
  const qc = useQueryClient();
  const settled = useCallback(
    (r: ActionResult<LocationSharing>) => {
      if (r.ok) qc.setQueryData(queryKey(LOCATION), { success: true, message: '', data: r.value });
      void qc.invalidateQueries({ queryKey: queryKey(NEARBY) });
      return r;
    },
    [qc],
  );
  const share = useCallback(
    async (position: { latitude: number; longitude: number }) =>
      settled(await settle<LocationSharing>(api.PUT(LOCATION, { body: position }))),
    [api, settled],
  );
  const stop = useCallback(async () => settled(await settle<LocationSharing>(api.DELETE(LOCATION))), [api, settled]);
  return { share, stop };
}
