import type { Schemas } from '@cohort/api';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { loadable, queryKey, settle, useApi, useClient } from '@/lib/query.ts';

export type CalendarEvent = Schemas['CalendarEvent'];
const EVENTS = '/api/v1/users/me/events';

/** GET users/me/events: the signed-in user's calendar, soonest first. */
export function useEvents() {
  const query = useApi().useQuery('get', EVENTS);
  return loadable(query, (e) => e.data);
}

/** POST users/me/events (a chat message's Forward → Calendar): the calendar is read again. */
export function useCreateEvent() {
  const api = useClient();
  const qc = useQueryClient();
  return useCallback(
    async (body: Schemas['CalendarEventInput']) => {
      const result = await settle<CalendarEvent>(api.POST(EVENTS, { body }));
      if (result.ok) void qc.invalidateQueries({ queryKey: queryKey(EVENTS) });
      return result;
    },
    [api, qc],
  );
}
