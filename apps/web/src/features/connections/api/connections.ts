import type { ApiError, Schemas } from '@cohort/api';
import { type QueryClient, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { envelope, nextBefore, paged, queryKey, useApi, useClient } from '@/lib/query.ts';
import { type ActionResult, fail, ok } from '@/lib/result.ts';

export type Connection = Schemas['Connection'];
export type Direction = 'incoming' | 'outgoing';

export const CONNECTIONS = '/api/v1/users/me/connections';
export const FRIENDS = '/api/v1/users/me/friends';
/** One page of invitations on the Invitations screen. */
export const INVITATIONS_PAGE = 20;
/** How many pending invitations a profile's control reads to find the one with its person. */
const LOOKUP_LIMIT = 100;

const pendingInit = (direction: Direction) => ({ params: { query: { direction, limit: LOOKUP_LIMIT } } });

/**
 * Every cached read that depends on who is connected or invited: the invitations (both
 * directions, every page) and the friends list. Called after each write and on each `connection`
 * event of the user stream, so both people's screens follow at once.
 */
export function connectionsChanged(qc: QueryClient): void {
  // The prefix matches the profile's lookups and the Invitations screen's pages alike.
  void qc.invalidateQueries({ queryKey: queryKey(CONNECTIONS) });
  void qc.invalidateQueries({ queryKey: queryKey(FRIENDS) });
}

/** My connections (`GET /users/me/friends`), kept current by every connection write and event. */
export function useFriendsList() {
  return useApi().useQuery('get', FRIENDS);
}

/** The signed-in user's relation to one person, as the profile's one control shows it. */
export type ConnectionState =
  | { kind: 'none' }
  | { kind: 'connected' }
  | { kind: 'outgoing'; connection: Connection }
  | { kind: 'incoming'; connection: Connection };

/**
 * Where I stand with `userId`: connected (my friends list), my pending invitation to them, or
 * theirs to me (the newest pending invitations of each direction), else none.
 */
export function useConnectionWith(userId: string) {
  const api = useApi();
  const friends = api.useQuery('get', FRIENDS);
  const incoming = api.useQuery('get', CONNECTIONS, pendingInit('incoming'));
  const outgoing = api.useQuery('get', CONNECTIONS, pendingInit('outgoing'));
  const queries = [friends, incoming, outgoing];
  const error = (queries.find((q) => q.isError)?.error as ApiError | undefined) ?? null;
  const reload = () => {
    for (const q of queries) void q.refetch();
  };
  if (!friends.data || !incoming.data || !outgoing.data) return { state: null, error, reload };
  const other = (c: Connection, direction: Direction) =>
    direction === 'incoming' ? c.from_user_id === userId : c.to_user_id === userId;
  const mine = outgoing.data.data.find((c) => other(c, 'outgoing'));
  const theirs = incoming.data.data.find((c) => other(c, 'incoming'));
  const state: ConnectionState = friends.data.some((f) => f.id === userId)
    ? { kind: 'connected' }
    : theirs
      ? { kind: 'incoming', connection: theirs }
      : mine
        ? { kind: 'outgoing', connection: mine }
        : { kind: 'none' };
  return { state, error, reload };
}

/** My pending invitations of one direction, newest first, a page at a time (`before` cursor). */
export function useInvitations(direction: Direction) {
  const api = useClient();
  return useInfiniteQuery({
    queryKey: [...queryKey(CONNECTIONS), 'pages', direction],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) =>
      envelope(
        api.GET(CONNECTIONS, { params: { query: paged({ direction, limit: INVITATIONS_PAGE }, 'before', pageParam) } }),
      ),
    getNextPageParam: nextBefore,
  });
}

type Action = 'connect' | 'accept' | 'decline' | 'withdraw' | 'remove';

/**
 * Invite, accept, decline, withdraw and remove, as `ActionResult`s (the caller shows
 * `error.message`); `busy` names the action running. Each refreshes every connection read.
 */
export function useConnectionActions() {
  const api = useClient();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<Action | null>(null);
  const run = useCallback(
    async <T>(action: Action, call: Promise<{ data?: object; error?: ApiError }>): Promise<ActionResult<T>> => {
      setBusy(action);
      const r = await call;
      setBusy(null);
      if (r.error) return fail(r.error);
      connectionsChanged(qc);
      return ok((r.data as { data: T }).data);
    },
    [qc],
  );
  const id = (connectionId: number) => ({ params: { path: { id: connectionId } } });
  return {
    busy,
    connect: (userId: string) =>
      run<Connection>('connect', api.POST('/api/v1/users/{id}/connect', { params: { path: { id: userId } } })),
    accept: (connectionId: number) =>
      run<Connection>('accept', api.POST('/api/v1/connections/{id}/accept', id(connectionId))),
    decline: (connectionId: number) =>
      run<Connection>('decline', api.POST('/api/v1/connections/{id}/decline', id(connectionId))),
    withdraw: (connectionId: number) =>
      run<Connection>('withdraw', api.POST('/api/v1/connections/{id}/withdraw', id(connectionId))),
    remove: (userId: string) =>
      run<null>('remove', api.DELETE('/api/v1/users/{id}/connection', { params: { path: { id: userId } } })),
  };
}
