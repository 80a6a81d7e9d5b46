import type { Message } from '@cohort/api';

/** A message as the inbox shows it: the server's, or an optimistic bubble still sending or failed. */
export interface ChatItem extends Message {
  /** Stable React/virtual-list key: the client id of an own message, else the server id. */
  key: string;
  status?: 'sending' | 'failed';
  error?: string;
}

const keyOf = (m: Message) => m.client_id ?? m.id;

export const fromServer = (m: Message): ChatItem => ({ ...m, key: keyOf(m) });

/** The bubble shown the moment the user presses Send. */
export function optimistic(draft: {
  clientId: string;
  channelId: string;
  senderId: string;
  text: string;
  replyTo: string | null;
  now?: Date;
}): ChatItem {
  return {
    key: draft.clientId,
    id: `msg_pending_${draft.clientId}`.slice(0, 40),
    client_id: draft.clientId,
    channel_id: draft.channelId,
    sender_id: draft.senderId,
    reply_message_id: draft.replyTo,
    message: draft.text,
    time: (draft.now ?? new Date()).toISOString(),
    files: [],
    status: 'sending',
  };
}

export function setStatus(
  items: readonly ChatItem[],
  clientId: string,
  status: ChatItem['status'],
  error?: string,
): ChatItem[] {
  return items.map((i) => {
    if (i.client_id !== clientId || !i.status) return i;
    const { error: _old, ...rest } = i;
    return error === undefined ? { ...rest, status } : { ...rest, status, error };
  });
}

/** The selected messages as copied text: one "Name: text" line each, in chat order. */
export function selectionText(
  items: readonly ChatItem[],
  selected: ReadonlySet<string>,
  nameOf: (id: string) => string,
) {
  return items
    .filter((m) => selected.has(m.id))
    .map((m) => `${nameOf(m.sender_id)}: ${m.message}`)
    .join('\n');
}
