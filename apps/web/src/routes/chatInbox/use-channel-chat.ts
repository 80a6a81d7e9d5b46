import type { ApiError, Message } from '@cohort/api';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useChannelActions } from '../../features/groups/api/channels.ts';
import { apiClientAtom } from '../../state/api.ts';
import { type ChatItem, fromServer, optimistic, prependOlder, setStatus, upsertMessage } from './chat-items.ts';

export const PAGE_SIZE = 50;
/** Pages a catch-up reads before it gives up and reloads the chat from the newest page. */
const CATCH_UP_PAGES = 10;
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
  /** Fetches the newest page again and merges it in (the catch-up's Retry). */
  refresh: () => void;
  send: (text: string, replyTo: string | null) => void;
  retry: (clientId: string) => void;
  setPinned: (message: Message | null) => void;
  /** A message edited or deleted (here or by anyone, via the stream): replaced where it is shown. */
  applyUpdate: (message: Message) => void;
}

/**
 * The open group's messages: newest page first, older pages on demand, own messages shown at once
 * (optimistic, Retry on failure) and other members' messages live from the group's event stream.
 */
export function useChannelChat(channelId: string, me: string | null | undefined): ChannelChat {
  const api = useAtomValue(apiClientAtom);
  const actions = useChannelActions();
  const noteMessage = useCallbackRef(actions.noteMessage);
  const markRead = useCallbackRef(actions.markRead);
  const [items, setItems] = useState<ChatItem[]>([]);
  const [firstItemIndex, setFirstItemIndex] = useState(FIRST_INDEX);
  const [status, setStatusState] = useState<ChannelChat['status']>('loading');
  const [error, setError] = useState<ApiError | null>(null);
  const [nextBefore, setNextBefore] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<ApiError | null>(null);
  const [refreshError, setRefreshError] = useState<ApiError | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [pinned, setPinned] = useState<Message | null | undefined>(undefined);
  const [online, setOnline] = useState<number | undefined>(undefined);
  const [live, setLive] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // Texts of own messages by client id, for Retry.
  const drafts = useRef(new Map<string, { text: string; replyTo: string | null }>());
  const olderBusy = useRef(false);
  // The list as last rendered: loadOlder needs its length outside a state updater (updaters must stay pure).
  const itemsRef = useRef(items);
  itemsRef.current = items;
  // The open channel, so an answer for one the user has left cannot land in the next.
  const channelRef = useRef(channelId);
  channelRef.current = channelId;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Retry trigger.
  useEffect(() => {
    // No id: the screen says the chat is not found; nothing to read.
    if (!channelId) return;
    let cancelled = false;
    setStatusState('loading');
    setError(null);
    setOlderError(null);
    setRefreshError(null);
    setRefreshing(false);
    setItems([]);
    setFirstItemIndex(FIRST_INDEX);
    void api
      .GET('/api/v1/channels/{id}/get-messages', { params: { path: { id: channelId }, query: { limit: PAGE_SIZE } } })
      .then((result) => {
        if (cancelled) return;
        if (result.error) {
          setError(result.error);
          setStatusState('error');
          return;
        }
        setItems(result.data.data.map(fromServer));
        setNextBefore(result.data.meta.next_before);
        setStatusState('ready');
        void markRead(channelId);
      });
    return () => {
      cancelled = true;
    };
  }, [api, channelId, markRead, attempt]);

  const catchUp = useCallback(() => {
    setRefreshing(true);
    const known = new Set(itemsRef.current.map((i) => i.id));
    void (async () => {
      // Newest pages back to one that overlaps what is shown, so nothing said meanwhile is skipped.
      const pages: Message[][] = [];
      let before: string | null = null;
      for (let n = 0; n < CATCH_UP_PAGES; n++) {
        const query: { limit: number; before?: string } = before ? { limit: PAGE_SIZE, before } : { limit: PAGE_SIZE };
        const r = await api.GET('/api/v1/channels/{id}/get-messages', { params: { path: { id: channelId }, query } });
        if (channelRef.current !== channelId) return;
        if (r.error) {
          setRefreshing(false);
          setRefreshError(r.error);
          return;
        }
        pages.unshift(r.data.data);
        before = r.data.meta.next_before;
        if (known.size === 0 || !before || r.data.data.some((m) => known.has(m.id))) {
          setRefreshing(false);
          setRefreshError(null);
          setItems((all) => pages.flat().reduce(upsertMessage, all));
          return;
        }
      }
      // More was said than a catch-up reads: start again from the newest page.
      setRefreshing(false);
      setRefreshError(null);
      setAttempt((a) => a + 1);
    })();
  }, [api, channelId]);

  const applyUpdate = useCallback((message: Message) => {
    setItems((all) => (all.some((i) => i.id === message.id) ? upsertMessage(all, message) : all));
    if (message.deleted_at) setPinned((p) => (p?.id === message.id ? null : p));
  }, []);

  useEffect(() => {
    // The group's own stream (fetch with the token in the header, Last-Event-ID and backoff, from
    // @cohort/api) brings presence and the open chat's messages and pins; after a drop, a catch-up.
    if (!channelId) return;
    return api.stream(
      '/api/v1/channels/{id}/stream',
      { path: { id: channelId } },
      {
        onOpen: ({ reconnected }) => {
          setLive(true);
          if (reconnected) catchUp();
        },
        onDown: () => setLive(false),
        onEvent: (e) => {
          if (e.event === 'message') {
            const message = e.data;
            setItems((all) => upsertMessage(all, message));
            noteMessage(message);
            // The user is looking at the chat: what arrives is read.
            if (message.sender_id !== me) void markRead(channelId);
          } else if (e.event === 'pin') {
            setPinned(e.data.message);
          } else if (e.event === 'presence') {
            setOnline(e.data.online_count);
          } else if (e.event === 'message_updated') {
            applyUpdate(e.data);
          }
        },
      },
    );
  }, [api, channelId, me, markRead, noteMessage, catchUp, applyUpdate]);

  const loadOlder = useCallback(() => {
    if (!nextBefore || olderBusy.current) return;
    olderBusy.current = true;
    setLoadingOlder(true);
    setOlderError(null);
    void api
      .GET('/api/v1/channels/{id}/get-messages', {
        params: { path: { id: channelId }, query: { limit: PAGE_SIZE, before: nextBefore } },
      })
      .then((result) => {
        olderBusy.current = false;
        setLoadingOlder(false);
        if (channelRef.current !== channelId) return;
        if (result.error) {
          // The cursor stays, so Retry (or reaching the top again) asks for this same page.
          setOlderError(result.error);
          return;
        }
        const current = itemsRef.current;
        const next = prependOlder(current, result.data.data);
        itemsRef.current = next;
        setItems(next);
        setFirstItemIndex((i) => i - (next.length - current.length));
        setNextBefore(result.data.meta.next_before);
      });
  }, [api, channelId, nextBefore]);

  const post = useCallback(
    (clientId: string) => {
      const draft = drafts.current.get(clientId);
      if (!draft) return;
      void api
        .POST('/api/v1/channels/{id}/messages', {
          params: { path: { id: channelId } },
          body: {
            message: draft.text,
            client_id: clientId,
            ...(draft.replyTo ? { reply_message_id: draft.replyTo } : {}),
          },
        })
        .then((result) => {
          if (result.error) {
            setItems((all) => setStatus(all, clientId, 'failed', result.error.message));
            return;
          }
          drafts.current.delete(clientId);
          setItems((all) => upsertMessage(all, result.data.data));
          noteMessage(result.data.data);
        });
    },
    [api, channelId, noteMessage],
  );

  const send = useCallback(
    (text: string, replyTo: string | null) => {
      if (!me) return;
      const clientId = crypto.randomUUID();
      drafts.current.set(clientId, { text, replyTo });
      setItems((all) => [...all, optimistic({ clientId, channelId, senderId: me, text, replyTo })]);
      post(clientId);
    },
    [channelId, me, post],
  );

  const retry = useCallback(
    (clientId: string) => {
      setItems((all) => setStatus(all, clientId, 'sending'));
      post(clientId);
    },
    [post],
  );

  return {
    items,
    firstItemIndex,
    status,
    error,
    hasMore: nextBefore !== null,
    loadingOlder,
    olderError,
    refreshError,
    refreshing,
    pinned,
    online,
    live,
    reload: () => setAttempt((n) => n + 1),
    loadOlder,
    refresh: catchUp,
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
