import type { ApiError, Schemas } from '@cohort/api';
import { type QueryClient, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { envelope, nextBefore, paged, queryKey, useClient } from '@/lib/query.ts';
import { type ActionResult, fail, ok } from '@/lib/result.ts';
import { connectionsChanged } from './connections.ts';

export type Block = Schemas['Block'];
type UserEnvelope = Schemas['PublicUserEnvelope'];

export const BLOCKS = '/api/v1/users/me/blocks';
/** One page of the Blocked people screen. */
export const BLOCKS_PAGE = 20;

const userKey = (id: string) => queryKey('/api/v1/users/{id}', { params: { path: { id } } });

/**
 * A block or an unblock changes what several screens show: the person's profile (`is_blocked`
 * at once, then read again: contact details go or come back), the blocked list, the friends list
 * and invitations (a block ends the connection and pending invitations), search results (blocked
 * people drop out both ways) and notifications (the blocked person's go).
 */
export function blocksChanged(qc: QueryClient, userId: string, blocked: boolean): void {
  qc.setQueryData<UserEnvelope>(userKey(userId), (v) => {
    if (!v) return v;
    const { is_blocked: _, ...rest } = v.data;
    return { ...v, data: blocked ? { ...rest, is_blocked: true } : rest };
  });
  void qc.invalidateQueries({ queryKey: userKey(userId) });
  void qc.invalidateQueries({ queryKey: queryKey(BLOCKS) });
  void qc.invalidateQueries({ queryKey: queryKey('/api/v1/users/search') });
  void qc.invalidateQueries({ queryKey: queryKey('/api/v1/users/me/notifications') });
  connectionsChanged(qc);
}

/** The people I blocked, newest first, a page at a time (`before` cursor). */
export function useBlocks() {
  const api = useClient();
  return useInfiniteQuery({
    queryKey: [...queryKey(BLOCKS), 'pages'],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) =>
      envelope(api.GET(BLOCKS, { params: { query: paged({ limit: BLOCKS_PAGE }, 'before', pageParam) } })),
    getNextPageParam: nextBefore,
  });
}

/** Block and unblock a person, as `ActionResult`s (the caller shows `error.message`). */
export function useBlockActions() {
  const api = useClient();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<'block' | 'unblock' | null>(null);
  const run = useCallback(
    async (action: 'block' | 'unblock', userId: string): Promise<ActionResult<null>> => {
      setBusy(action);
      const init = { params: { path: { id: userId } } };
      const r: { error?: ApiError } =
        action === 'block'
          ? await api.PUT('/api/v1/users/{id}/block', init)
          : await api.DELETE('/api/v1/users/{id}/block', init);
      setBusy(null);
      if (r.error) return fail(r.error);
      blocksChanged(qc, userId, action === 'block');
      return ok(null);
    },
    [api, qc],
  );
  return {
    busy,
    block: (userId: string) => run('block', userId),
    unblock: (userId: string) => run('unblock', userId),
  };
}
