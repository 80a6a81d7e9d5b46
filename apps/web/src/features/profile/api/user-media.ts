import { useInfiniteQuery } from '@tanstack/react-query';
import { envelope, nextCursor, paged, queryKey, useClient } from '@/lib/query.ts';

export const USER_MEDIA = '/api/v1/users/{id}/media';
export type UserMediaKind = 'image' | 'file' | 'link';
/** Items per page of a profile's Media tab. */
export const USER_MEDIA_PAGE = 30;

/** One kind of what a user shared (`listUserMedia`, GIFs among the photos), newest first, a page at a time. */
export function useUserMedia(id: string, kind: UserMediaKind) {
  const api = useClient();
  return useInfiniteQuery({
    queryKey: [...queryKey(USER_MEDIA), id, kind],
    enabled: id !== '',
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      envelope(
        api.GET(USER_MEDIA, {
          params: { path: { id }, query: paged({ kind, limit: USER_MEDIA_PAGE }, 'cursor', pageParam) },
        }),
      ),
    getNextPageParam: nextCursor,
  });
}
