import { type RefObject, useState } from 'react';
import type { VirtuosoHandle } from 'react-virtuoso';
import { useDraft } from '@/lib/drafts.ts';
import type { ChatItem } from '../chat-items.ts';
import { useAttachments } from './use-attachments.ts';
import type { ChannelChat } from './use-channel-chat.ts';

/**
 * The message being written in one chat: its text (a draft per chat, so it survives an expired
 * session and a trip to sign-in), its attachments and the message it replies to. `send` sends
 * and empties the box; until the history is in, a message would have nowhere to show, so it waits.
 */
export function useChatComposer(channelId: string, chat: ChannelChat, listRef: RefObject<VirtuosoHandle | null>) {
  const [text, setText, clearText] = useDraft(`chat:${channelId}`, '');
  const attachments = useAttachments(channelId);
  const [replyTo, setReplyTo] = useState<ChatItem | null>(null);
  const canSend = chat.status === 'ready';
  const send = () => {
    const body = text.trim();
    if ((!body && attachments.ready.length === 0) || attachments.busy || !canSend) return;
    chat.send(body, replyTo?.id ?? null, attachments.ready);
    clearText();
    attachments.clear();
    setReplyTo(null);
    // Own messages always scroll into view, wherever the user was reading.
    requestAnimationFrame(() => listRef.current?.scrollToIndex({ index: 'LAST', behavior: 'auto' }));
  };
  return { text, setText, attachments, replyTo, setReplyTo, canSend, send };
}
