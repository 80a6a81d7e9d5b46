import type { ApiError, Message } from '@cohort/api';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { setPinned as cachePinned } from '@/lib/channel-cache.ts';
import { flattenPages } from '@/lib/message-cache.ts';
import { useClient } from '@/lib/query.ts';
import { applyMessageUpdate } from '../api/message-edits.ts';
import { catchUp, useMessageActions, useMessages } from '../api/messages.ts';
import { type ChatItem, fromServer, optimistic, setStatus } from '../chat-items.ts';

export { PAGE_SIZE } from '../api/messages.ts';

/** Virtuoso counts items from here so older pages can be put in front without the view jumping. */
const FIRST_INDEX = 10_000_000;

export interface ChannelChat {
  items: ChatItem[];
  firstItemIndex: number;
  status: 'loading' | 'ready' | 'error';
  error: ApiError | null;
  hasMore: boolean;
  loadingOlder: boolean;
  /** Why the last older page failed to load; `loadOlder` asks for that same page again. */
  olderError: ApiError | null;
  /** Why the catch-up after a stream reconnect failed: messages said meanwhile may be missing. */
  refreshError: ApiError | null;
  refreshing: boolean;
  /** The pinned message once the stream or a pin says so; `undefined` = not told yet. */
  pinned: Message | null | undefined;
  online: number | undefined;
  live: boolean;
  reload: () => void;
  loadOlder: () => void;
  /** Fetches the newest pages again and merges them in (the catch-up's Retry). */
  refresh: () => void;
  send: (text: string, replyTo: string | null, files?: { id: string }[]) => void;
  retry: (clientId: string) => void;
  setPinned: (message: Message | null) => void;
  /** A message edited or deleted (here or by anyone, via the stream): replaced where it is shown. */
  applyUpdate: (message: Message) => void;
}

/**
 * The open group's messages: the cached infinite query (newest page first, older pages on demand),
 * own messages shown at once (optimistic, Retry on failure; these bubbles are this screen's state
 * until the server has them) and other members' messages live from the group's event stream.
 */
export function useChannelChat(channelId: string, me: string | null | undefined): ChannelChat {
  const api = useClient();
  const qc = useQueryClient();
  const query = useMessages(channelId);
  const actions = useMessageActions();
  const noteSent = useCallbackRef(actions.noteSent);
  const markRead = useCallbackRef(actions.markRead);
  const [pending, setPending] = useState<{ channel: string; items: ChatItem[] }>({ channel: channelId, items: [] });
  const [refreshError, setRefreshError] = useState<ApiError | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [pinned, setPinned] = useState<Message | null | undefined>(undefined);
  const [online, setOnline] = useState<number | undefined>(undefined);
  const [live, setLive] = useState(false);
  // Texts of own messages by client id, for Retry.
  const drafts = useRef(new Map<string, { text: string; replyTo: string | null; files: { id: string }[] }>());
  // The open channel, so an answer for one the user has left cannot land in the next.
  const channelRef = useRef(channelId);
  channelRef.current = channelId;

  // Not a member (left the group): there is no stream to open either.
  const forbidden = (query.error as ApiError | null)?.status === 403;
  const ownPending = pending.channel === channelId ? pending.items : [];
  const { data } = query;
  const items = useMemo(() => {
    const server = flattenPages(data).map(fromServer);
    const sent = new Set(server.flatMap((m) => (m.client_id ? [m.client_id] : [])));
    return [...server, ...ownPending.filter((p) => !sent.has(p.client_id ?? ''))];
  }, [data, ownPending]);
  const olderCount = (data?.pages.slice(1) ?? []).reduce((n, page) => n + page.data.length, 0);

  // A newly opened chat is read once its newest page is in.
  const loaded = query.isSuccess;
  useEffect(() => {
    if (loaded && channelId) void markRead(channelId);
  }, [loaded, channelId, markRead]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new chat starts with none of the last one's stream state.
  useEffect(() => {
    setRefreshError(null);
    setRefreshing(false);
    setPinned(undefined);
    setOnline(undefined);
  }, [channelId]);

  const refresh = useCallback(() => {
    setRefreshing(true);
    void catchUp(api, qc, channelId, () => channelRef.current === channelId).then((error) => {
      if (channelRef.current !== channelId) return;
      setRefreshing(false);
      setRefreshError(error);
    });
  }, [api, qc, channelId]);

  const applyUpdate = useCallback(
    (message: Message) => {
      applyMessageUpdate(qc, message, channelId);
      if (message.deleted_at) setPinned((p) => (p?.id === message.id ? null : p));
    },
    [qc, channelId],
  );

  useEffect(() => {
    // The group's own stream (fetch with the token in the header, Last-Event-ID and backoff, from
    // @cohort/api) brings presence and the open chat's messages and pins; after a drop, a catch-up.
    if (!channelId || forbidden) return;
    return api.stream(
      '/api/v1/channels/{id}/stream',
      { path: { id: channelId } },
      {
        onOpen: ({ reconnected }) => {
          setLive(true);
          if (reconnected) refresh();
        },
        onDown: () => setLive(false),
        onEvent: (e) => {
          if (e.event === 'message') {
            noteSent({ channel_id: channelId, ...e.data });
            // The user is looking at the chat: what arrives is read.
            if (e.data.sender_id !== me) void markRead(channelId);
          } else if (e.event === 'pin') {
            setPinned(e.data.message);
            cachePinned(qc, channelId, e.data.message);
          } else if (e.event === 'presence') {
            setOnline(e.data.online_count);
          } else if (e.event === 'message_updated') {
            applyUpdate(e.data);
          }
        },
      },
    );
  }, [api, qc, channelId, forbidden, me, markRead, noteSent, refresh, applyUpdate]);

  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const loadOlder = useCallback(() => {
    if (!hasNextPage || isFetchingNextPage) return;
    void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  const editPending = useCallback(
    (edit: (items: ChatItem[]) => ChatItem[]) =>
      setPending((p) => ({ channel: channelId, items: edit(p.channel === channelId ? p.items : []) })),
    [channelId],
  );

  const post = useCallback(
    (clientId: string) => {
      const draft = drafts.current.get(clientId);
      if (!draft) return;
      void actions
        .send(channelId, {
          message: draft.text,
          client_id: clientId,
          ...(draft.replyTo ? { reply_message_id: draft.replyTo } : {}),
          ...(draft.files.length ? { files: draft.files } : {}),
        })
        .then((result) => {
          if (!result.ok) return editPending((all) => setStatus(all, clientId, 'failed', result.error.message));
          drafts.current.delete(clientId);
          // The cache has it now (with this client id): the bubble gives way to it.
          editPending((all) => all.filter((i) => i.client_id !== clientId));
        });
    },
    [actions.send, channelId, editPending],
  );

  const send = useCallback(
    (text: string, replyTo: string | null, files: { id: string }[] = []) => {
      if (!me) return;
      const clientId = crypto.randomUUID();
      drafts.current.set(clientId, { text, replyTo, files });
      editPending((all) => [...all, optimistic({ clientId, channelId, senderId: me, text, replyTo })]);
      post(clientId);
    },
    [channelId, me, post, editPending],
  );

  const retry = useCallback(
    (clientId: string) => {
      editPending((all) => setStatus(all, clientId, 'sending'));
      post(clientId);
    },
    [post, editPending],
  );

  const failedFirst = query.isError && !data;
  return {
    items,
    firstItemIndex: FIRST_INDEX - olderCount,
    status: failedFirst ? 'error' : data ? 'ready' : 'loading',
    error: failedFirst ? (query.error as ApiError) : null,
    hasMore: hasNextPage,
    loadingOlder: isFetchingNextPage,
    olderError: query.isFetchNextPageError ? (query.error as ApiError) : null,
    refreshError,
    refreshing,
    pinned,
    online,
    live,
    reload: () => void query.refetch(),
    loadOlder,
    refresh,
    send,
    retry,
    setPinned,
    applyUpdate,
  };
}

/** A stable function that always calls the latest `fn` (so effects need not restart when it changes). */
function useCallbackRef<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  ref.current = fn;
  return useCallback((...args: A) => ref.current(...args), []);
}
