import type { CohortClient, Message, Schemas } from '@cohort/api';
import { type QueryClient, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { noteMessage, patchChannel } from '@/lib/channel-cache.ts';
import { MESSAGES, type MessagePage, type MessagePages, messagesKey, upsertMessages } from '@/lib/message-cache.ts';
import { settle, useClient } from '@/lib/query.ts';

export const PAGE_SIZE = 50;
/** Pages a catch-up reads before it gives up and reloads the chat from the newest page. */
const CATCH_UP_PAGES = 10;

async function readPage(api: CohortClient, id: string, before: string | null, signal?: AbortSignal) {
  const query = before ? { limit: PAGE_SIZE, before } : { limit: PAGE_SIZE };
  return api.GET(MESSAGES, { params: { path: { id }, query }, ...(signal ? { signal } : {}) });
}

/** A group's messages: an infinite query, newest page first; `fetchNextPage` reads the next older page. */
export function useMessages(channelId: string) {
  const api = useClient();
  return useInfiniteQuery<MessagePage, Error, MessagePages, readonly unknown[], string | null>({
    queryKey: messagesKey(channelId),
    queryFn: async ({ pageParam, signal }) => {
      const r = await readPage(api, channelId, pageParam, signal);
      if (r.error) throw r.error;
      return r.data;
    },
    initialPageParam: null,
    getNextPageParam: (last) => last.meta.next_before ?? undefined,
    enabled: channelId !== '',
    // Live events keep an open chat current; it is read again after a reconnect (catchUp).
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * After the stream was down: reads the newest pages back to one that overlaps what is cached, so
 * nothing said meanwhile is skipped, and merges them in; past CATCH_UP_PAGES it reloads the chat
 * from the newest page. Resolves to the error of a failed read, or null.
 */
export async function catchUp(api: CohortClient, qc: QueryClient, channelId: string, current: () => boolean) {
  const known = new Set(
    (qc.getQueryData<MessagePages>(messagesKey(channelId))?.pages ?? []).flatMap((p) => p.data.map((m) => m.id)),
  );
  const pages: Message[][] = [];
  let before: string | null = null;
  for (let n = 0; n < CATCH_UP_PAGES; n++) {
    const r = await readPage(api, channelId, before);
    if (!current()) return null;
    if (r.error) return r.error;
    pages.unshift(r.data.data);
    before = r.data.meta.next_before;
    if (known.size === 0 || !before || r.data.data.some((m) => known.has(m.id))) {
      upsertMessages(qc, channelId, pages.flat());
      return null;
    }
  }
  await qc.resetQueries({ queryKey: messagesKey(channelId) });
  return null;
}

/** The message writes: each answer goes into the chat and the chat list's last message. */
export function useMessageActions() {
  const api = useClient();
  const qc = useQueryClient();
  /** A message that reached the server (sent, forwarded, or live): into its chat and the chat list. */
  const noteSent = useCallback(
    (message: Message) => {
      if (message.channel_id) upsertMessages(qc, message.channel_id, [message]);
      noteMessage(qc, message);
    },
    [qc],
  );
  const send = useCallback(
    async (channelId: string, body: Schemas['MessageInput']) => {
      const result = await settle<Message>(
        api.POST('/api/v1/channels/{id}/messages', { params: { path: { id: channelId } }, body }),
      );
      if (result.ok) noteSent({ channel_id: channelId, ...result.value });
      return result;
    },
    [api, noteSent],
  );
  const forward = useCallback(
    async (messageId: string, channelIds: string[]) => {
      const result = await settle<Message[]>(
        api.POST('/api/v1/messages/{id}/forward', {
          params: { path: { id: messageId } },
          body: { channel_ids: channelIds },
        }),
      );
      if (result.ok) for (const m of result.value) noteSent(m);
      return result;
    },
    [api, noteSent],
  );
  const report = useCallback(
    (messageId: string, body: Schemas['ReportInput']) =>
      settle<unknown>(api.POST('/api/v1/messages/{id}/report', { params: { path: { id: messageId } }, body })),
    [api],
  );
  /** The user is looking at the chat: what it holds is read (the chat list's badge goes). */
  const markRead = useCallback(
    async (channelId: string) => {
      const result = await settle<unknown>(
        api.POST('/api/v1/channels/{id}/read', { params: { path: { id: channelId } } }),
      );
      if (result.ok) patchChannel(qc, channelId, { unread_count: 0 });
      return result;
    },
    [api, qc],
  );
  return { send, forward, report, noteSent, markRead };
}
