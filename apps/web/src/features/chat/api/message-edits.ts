import type { ApiError, Channel, Message, Schemas } from '@cohort/api';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { channelKey, MY_CHANNELS } from '@/lib/channel-cache.ts';
import { replaceMessage } from '@/lib/message-cache.ts';
import { queryKey, useClient } from '@/lib/query.ts';
import { type ActionResult, fail, ok } from '@/lib/result.ts';

type ListEnvelope = Schemas['ChannelListEnvelope'];
type DetailEnvelope = Schemas['ChannelDetailEnvelope'];

function replaceIn(c: Channel, message: Message): Channel {
  const last = c.last_message?.id === message.id ? { last_message: message } : {};
  // A deleted message takes its pin with it.
  const pin = c.pinned_message?.id === message.id ? { pinned_message: message.deleted_at ? null : message } : {};
  return { ...c, ...last, ...pin };
}

/**
 * A message was edited or deleted (`message_updated`, or this tab's own write): the cached chat's
 * bubble, the chat list's preview and the group's pin follow, wherever cached.
 */
export function applyMessageUpdate(qc: QueryClient, message: Message, channelId = message.channel_id): void {
  if (channelId) replaceMessage(qc, channelId, message);
  for (const [key, value] of qc.getQueriesData<ListEnvelope>({ queryKey: queryKey(MY_CHANNELS) })) {
    if (!value) continue;
    qc.setQueryData<ListEnvelope>(key, { ...value, data: value.data.map((c) => replaceIn(c, message)) });
  }
  if (channelId) {
    qc.setQueryData<DetailEnvelope>(channelKey(channelId), (v) =>
      v ? { ...v, data: { ...v.data, ...replaceIn(v.data, message) } } : v,
    );
  }
}

/** Edit my message, delete a message (mine, or any in a group I created). */
export function useMessageEdits() {
  const api = useClient();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (call: Promise<{ data?: { data: Message }; error?: ApiError }>): Promise<ActionResult<Message>> => {
      setBusy(true);
      const r = await call;
      setBusy(false);
      if (r.error || !r.data) return fail(r.error as ApiError);
      applyMessageUpdate(qc, r.data.data);
      return ok(r.data.data);
    },
    [qc],
  );
  const path = (id: string) => ({ params: { path: { id } } });
  return {
    busy,
    edit: (id: string, text: string) =>
      run(api.PATCH('/api/v1/messages/{id}', { ...path(id), body: { message: text } })),
    remove: (id: string) => run(api.DELETE('/api/v1/messages/{id}', path(id))),
  };
}
