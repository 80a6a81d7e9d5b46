import type { Schemas } from '@cohort/api';
import { type InfiniteData, type QueryClient, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { envelope, nextBefore, paged, queryKey, useApi, useClient } from '@/lib/query.ts';

export type Notification = Schemas['Notification'];
type Page = Schemas['NotificationPageEnvelope'];
type NotificationEvent = Extract<Schemas['UserStreamEvent'], { event: 'notification' }>['data'];

export const NOTIFICATIONS = '/api/v1/users/me/notifications';
export const NOTIFICATIONS_PAGE = 20;
/** The shell's badge reads the smallest page: only `meta.unread_count` is used. */
const countInit = { params: { query: { limit: 1 } } };
const countKey = () => queryKey(NOTIFICATIONS, countInit);
const pagesKey = () => [...queryKey(NOTIFICATIONS), 'pages'];

/** The unread count for the app shell; the stream and the mark-read writes keep it current. */
export function useUnreadCount(enabled = true): number | undefined {
  const query = useApi().useQuery('get', NOTIFICATIONS, countInit, { enabled });
  return query.data?.meta.unread_count;
}

/** My notifications, newest first, a page at a time (`before` cursor). */
export function useNotifications() {
  const api = useClient();
  return useInfiniteQuery({
    queryKey: pagesKey(),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) =>
      envelope(
        api.GET(NOTIFICATIONS, { params: { query: paged({ limit: NOTIFICATIONS_PAGE }, 'before', pageParam) } }),
      ),
    getNextPageParam: nextBefore,
  });
}

function setUnreadCount(qc: QueryClient, count: number): void {
  qc.setQueryData<Page>(countKey(), (v) => (v ? { ...v, meta: { ...v.meta, unread_count: count } } : v));
}

/** Replaces notifications in the cached pages (`update` returns the item unchanged to keep it). */
function updateItems(qc: QueryClient, update: (n: Notification) => Notification): void {
  qc.setQueryData<InfiniteData<Page>>(pagesKey(), (v) =>
    v ? { ...v, pages: v.pages.map((p) => ({ ...p, data: p.data.map(update) })) } : v,
  );
}

/**
 * `event: notification` of the user stream: the badge takes the server's count; a new one goes on
 * top of the list, a read one is replaced where it is.
 */
export function applyNotificationEvent(qc: QueryClient, data: NotificationEvent): void {
  setUnreadCount(qc, data.unread_count);
  const n = data.notification;
  if (!n) {
    void qc.invalidateQueries({ queryKey: pagesKey() });
    return;
  }
  const cached = qc.getQueryData<InfiniteData<Page>>(pagesKey());
  if (!cached) return;
  if (cached.pages.some((p) => p.data.some((x) => x.id === n.id))) {
    updateItems(qc, (x) => (x.id === n.id ? n : x));
    return;
  }
  qc.setQueryData<InfiniteData<Page>>(pagesKey(), {
    ...cached,
    pages: cached.pages.map((p, i) => (i === 0 ? { ...p, data: [n, ...p.data] } : p)),
  });
}

/** Mark one read (when it is opened) and mark all read; both update the list and the badge at once. */
export function useNotificationActions() {
  const api = useClient();
  const qc = useQueryClient();
  const markRead = useCallback(
    async (n: Notification) => {
      if (n.read_at) return;
      const before = qc.getQueryData<Page>(countKey())?.meta.unread_count;
      const r = await api.POST('/api/v1/notifications/{id}/read', { params: { path: { id: n.id } } });
      if (r.error) return;
      updateItems(qc, (x) => (x.id === n.id ? r.data.data : x));
      const count = qc.getQueryData<Page>(countKey())?.meta.unread_count;
      // The stream may have brought the server's count meanwhile: take one off only when it has not.
      if (count !== undefined && count === before) setUnreadCount(qc, Math.max(0, count - 1));
    },
    [api, qc],
  );
  const markAllRead = useCallback(async () => {
    const r = await api.POST('/api/v1/users/me/notifications/read');
    if (r.error) return r.error;
    const now = new Date().toISOString();
    updateItems(qc, (x) => (x.read_at ? x : { ...x, read_at: now }));
    setUnreadCount(qc, r.data.data.unread_count);
    return null;
  }, [api, qc]);
  return { markRead, markAllRead };
}
