import { useInfiniteQuery } from '@tanstack/react-query';
import { CHANNEL_MEMBERS } from '@/lib/channel-cache.ts';
import { queryKey, useClient } from '@/lib/query.ts';

/** Members per page of a group's Members tab. */
export const MEMBERS_PAGE = 50;

/**
 * Every member of a group the user belongs to (`listChannelMembers`), a page at a time: the group
 * itself embeds only its first 20. Keyed under the operation's path, so a join or leave refreshes it.
 */
export function useChannelMembers(id: string, enabled: boolean) {
  const api = useClient();
  return useInfiniteQuery({
    queryKey: [...queryKey(CHANNEL_MEMBERS), id],
    enabled: enabled && id !== '',
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const query = pageParam === null ? { limit: MEMBERS_PAGE } : { limit: MEMBERS_PAGE, cursor: pageParam };
      const r = await api.GET(CHANNEL_MEMBERS, { params: { path: { id }, query } });
      if (r.error) throw r.error;
      return r.data;
    },
    getNextPageParam: (last) => (last.meta.has_more ? last.meta.next_cursor : null),
  });
}
