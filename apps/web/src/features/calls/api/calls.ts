import type { Schemas } from '@cohort/api';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { personName, UNNAMED_PERSON } from '@/lib/format.ts';
import { queryKey, settle, useApi, useClient } from '@/lib/query.ts';
import type { ActionResult } from '@/lib/result.ts';

export type Call = Schemas['Call'];
export type CallKind = Call['kind'];
export type CallSignal = Schemas['CallSignal'];

export const CALLS = '/api/v1/calls';
export const CALL_CONFIG = '/api/v1/calls/config';
const HISTORY_INIT = { params: { query: { limit: 50 } } };

/** The call on screen: the server's Call, or why none could start (busy, blocked, no devices). */
export interface CurrentCall {
  call: Call | null;
  error: string | null;
  /** This side lost the connection and ended the call (as `dropped`). */
  dropped?: boolean;
}
const CURRENT = ['calls', 'current'] as const;

export function getCurrentCall(qc: QueryClient): CurrentCall | null {
  return qc.getQueryData<CurrentCall | null>(CURRENT) ?? null;
}

export function setCurrentCall(qc: QueryClient, current: CurrentCall | null): void {
  qc.setQueryData(CURRENT, current);
}

/** The call shown by the overlay (written by the actions below and by `event: call`). */
export function useCurrentCall(): CurrentCall | null {
  const qc = useQueryClient();
  return (
    useQuery({ queryKey: CURRENT, queryFn: () => getCurrentCall(qc), staleTime: Number.POSITIVE_INFINITY }).data ?? null
  );
}

/** `event: call`: the call on screen changed, or a new one rings while none is in progress. */
export function applyCallEvent(qc: QueryClient, call: Call): void {
  const current = getCurrentCall(qc);
  const busy = current?.call && current.call.status !== 'ended' && current.call.id !== call.id;
  const same = current?.call?.id === call.id;
  if (!busy && (same || call.status !== 'ended'))
    setCurrentCall(qc, { call, error: null, dropped: same && current?.dropped });
  void qc.invalidateQueries({ queryKey: queryKey(CALLS) });
}

/** My calls, newest first (incoming and outgoing, with the other person). */
export function useCallHistory() {
  return useApi().useQuery('get', CALLS, HISTORY_INIT);
}

/** The ICE servers of a peer connection and the ring time. */
export function useCallConfig() {
  return useApi().useQuery('get', CALL_CONFIG, {}, { staleTime: Number.POSITIVE_INFINITY });
}

const on = (id: string) => ({ params: { path: { id } } });

/** Start, answer, decline and end calls; each answer becomes the call on screen, and the history is read again. */
export function useCallActions() {
  const api = useClient();
  const qc = useQueryClient();
  const shown = useCallback(
    (r: ActionResult<Call>) => {
      if (r.ok) setCurrentCall(qc, { call: r.value, error: null });
      void qc.invalidateQueries({ queryKey: queryKey(CALLS) });
      return r;
    },
    [qc],
  );
  const start = useCallback(
    async (userId: string, kind: CallKind) => {
      const r = shown(await settle<Call>(api.POST(CALLS, { body: { user_id: userId, kind } })));
      if (!r.ok) setCurrentCall(qc, { call: null, error: r.error.message });
      return r;
    },
    [api, qc, shown],
  );
  const accept = useCallback(
    async (id: string) => shown(await settle<Call>(api.POST('/api/v1/calls/{id}/accept', on(id)))),
    [api, shown],
  );
  const decline = useCallback(
    async (id: string) => shown(await settle<Call>(api.POST('/api/v1/calls/{id}/decline', on(id)))),
    [api, shown],
  );
  const hangUp = useCallback(
    async (id: string) => shown(await settle<Call>(api.POST('/api/v1/calls/{id}/hangup', on(id)))),
    [api, shown],
  );
  // Ended after a lost connection (`reason=dropped`): shown as dropped even when the other side had already hung up (409).
  const drop = useCallback(
    async (id: string) => {
      const dropped = { params: { path: { id }, query: { reason: 'dropped' as const } } };
      const r = await settle<Call>(api.POST('/api/v1/calls/{id}/hangup', dropped));
      const shown = getCurrentCall(qc)?.call;
      const ended = r.ok ? r.value : shown && { ...shown, status: 'ended' as const, end_reason: 'dropped' as const };
      if (ended?.id === id) setCurrentCall(qc, { call: ended, error: null, dropped: true });
      void qc.invalidateQueries({ queryKey: queryKey(CALLS) });
    },
    [api, qc],
  );
  const signal = useCallback(
    async (id: string, body: CallSignal) => settle<unknown>(api.POST('/api/v1/calls/{id}/signal', { ...on(id), body })),
    [api],
  );
  const dismiss = useCallback(() => setCurrentCall(qc, null), [qc]);
  const failed = useCallback((error: string) => setCurrentCall(qc, { call: null, error }), [qc]);
  return { start, accept, decline, hangUp, drop, signal, dismiss, failed };
}

/** The other person's name, for the overlay. */
export function usePersonName(id: string | null): string | null {
  const q = useApi().useQuery('get', '/api/v1/users/{id}', { params: { path: { id: id ?? '' } } }, { enabled: !!id });
  const u = q.data?.data;
  return u ? personName(u, u.email || UNNAMED_PERSON) : null;
}
