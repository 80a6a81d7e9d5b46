import { useSetAtom } from 'jotai';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { VirtuosoHandle } from 'react-virtuoso';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import type { ChannelChat } from './use-channel-chat.ts';

/**
 * Scrolling to one loaded message and highlighting it (the pinned bar, a copied link). A copied
 * link (…&msg=msg_…) opens the chat at that message when it is among the loaded ones.
 */
export function useScrollToMessage(
  listRef: RefObject<VirtuosoHandle | null>,
  chat: ChannelChat,
  linkedMessage: string | null,
) {
  const toast = useSetAtom(showToastAtom);
  const [highlight, setHighlight] = useState<string | null>(linkedMessage);
  const scrollTo = useCallback(
    (messageId: string) => {
      const index = chat.items.findIndex((m) => m.id === messageId);
      if (index === -1) return false;
      listRef.current?.scrollToIndex({ index: chat.firstItemIndex + index, align: 'center', behavior: 'smooth' });
      setHighlight(messageId);
      return true;
    },
    [listRef, chat.items, chat.firstItemIndex],
  );

  const linkedDone = useRef(false);
  useEffect(() => {
    if (!linkedMessage || linkedDone.current || chat.status !== 'ready') return;
    linkedDone.current = true;
    if (!scrollTo(linkedMessage)) toast({ tone: 'info', text: 'That message is further back in the history.' });
  }, [linkedMessage, chat.status, scrollTo, toast]);

  const openPinned = (messageId: string) => {
    if (!scrollTo(messageId)) toast({ tone: 'info', text: 'The pinned message is further back in the history.' });
  };
  return { highlight, openPinned };
}
