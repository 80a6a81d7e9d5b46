import { useInfiniteQuery } from '@tanstack/react-query';
import { envelope, nextCursor, paged, queryKey, useClient } from '@/lib/query.ts';

export const CHANNEL_MEDIA = '/api/v1/channels/{id}/media';
export type ChannelMediaKind = 'image' | 'file' | 'link' | 'gif';
/** Items per page of a group's Media, Files, Link and GIF tabs. */
export const MEDIA_PAGE = 30;

/**
 * One kind of a group's shared media (`listChannelMedia`), newest first, a page at a time. Keyed
 * under the operation's path, so a sent attachment refreshes every tab by that prefix.
 */
export function useChannelMedia(id: string, kind: ChannelMediaKind, enabled: boolean) {
  const api = useClient();
  return useInfiniteQuery({
    queryKey: [...queryKey(CHANNEL_MEDIA), id, kind],
    enabled: enabled && id !== '',
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      envelope(
        api.GET(CHANNEL_MEDIA, {
          params: { path: { id }, query: paged({ kind, limit: MEDIA_PAGE }, 'cursor', pageParam) },
        }),
      ),
    getNextPageParam: nextCursor,
  });
}
