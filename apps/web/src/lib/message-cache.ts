import type { Message, Schemas } from '@cohort/api';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKey } from './query.ts';

/**
 * A group's messages (`getMessages`) as the query cache holds them: one infinite query per group,
 * pages newest first (`pages[0]` the newest), each page's messages oldest first. The send, the
 * group's stream, the user stream and a catch-up write into it through these writers only.
 */
export const MESSAGES = '/api/v1/channels/{id}/get-messages';
export type MessagePage = Schemas['MessagePageEnvelope'];
export type MessagePages = InfiniteData<MessagePage, string | null>;

export const messagesKey = (id: string) => [...queryKey(MESSAGES, { params: { path: { id } } }), 'infinite'] as const;

const same = (a: Message, b: Message) => a.id === b.id || (b.client_id !== undefined && a.client_id === b.client_id);

const sharesMedia = (m: Message) => m.files.length > 0 || /https?:\/\//.test(m.message);

/**
 * Messages that share files or links (sent, received, edited or deleted) make the group's
 * Media/Files/Link/GIF tabs and the profiles' Media tabs read again (`listChannelMedia`, `listUserMedia`).
 */
function mediaChanged(qc: QueryClient, channelId: string, messages: readonly Message[]): void {
  if (!messages.some(sharesMedia)) return;
  void qc.invalidateQueries({ queryKey: [...queryKey('/api/v1/channels/{id}/media'), channelId] });
  void qc.invalidateQueries({ queryKey: queryKey('/api/v1/users/{id}/media') });
}

/** Puts messages into a cached chat: each replaces the same one where it is, else joins the newest page. */
export function upsertMessages(qc: QueryClient, channelId: string, messages: readonly Message[]): void {
  mediaChanged(qc, channelId, messages);
  qc.setQueryData<MessagePages>(messagesKey(channelId), (value) => {
    if (!value || value.pages.length === 0) return value;
    const pages = value.pages.map((page) => ({ ...page, data: page.data.slice() }));
    for (const message of messages) {
      const page = pages.find((p) => p.data.some((m) => same(m, message)));
      if (page) page.data = page.data.map((m) => (same(m, message) ? message : m));
      else pages[0]?.data.push(message);
    }
    return { ...value, pages };
  });
}

/** An edited or deleted message replaces its old self in a cached chat; one not loaded stays out. */
export function replaceMessage(qc: QueryClient, channelId: string, message: Message): void {
  mediaChanged(qc, channelId, [message]);
  qc.setQueryData<MessagePages>(messagesKey(channelId), (value) => {
    if (!value?.pages.some((p) => p.data.some((m) => m.id === message.id))) return value;
    const pages = value.pages.map((page) => ({
      ...page,
      data: page.data.map((m) => (m.id === message.id ? message : m)),
    }));
    return { ...value, pages };
  });
}

/** The messages of a cached chat, oldest first, each once. */
export function flattenPages(value: MessagePages | undefined): Message[] {
  const seen = new Set<string>();
  const out: Message[] = [];
  for (const page of [...(value?.pages ?? [])].reverse()) {
    for (const m of page.data) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(m);
    }
  }
  return out;
}
