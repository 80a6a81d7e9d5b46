import type { Message } from '@cohort/api';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import { useCopy } from '@/components/ui/use-copy.ts';
import { chatInboxPath } from '@/config/paths.ts';
import type { ActionResult } from '@/lib/result.ts';
import type { ChatItem } from '../chat-items.ts';
import type { MessageAction } from '../components/MessageMenu.tsx';
import type { ChannelChat } from './use-channel-chat.ts';

type PinCall = (channelId: string, message: Message) => Promise<ActionResult<unknown>>;

/**
 * What a message's menu does: reply, copy, pin or unpin, copy a link, forward, report, select,
 * edit or delete. Holds which message each of those sheets is open for.
 */
export function useMessageActions({
  channelId,
  chat,
  pinned,
  pins: { pin, unpin },
  onReply,
  onForward,
  onSelect,
}: {
  channelId: string;
  chat: ChannelChat;
  pinned: Message | null;
  /** Pinning and unpinning (the groups feature's actions). */
  pins: { pin: PinCall; unpin: PinCall };
  onReply: (item: ChatItem) => void;
  onForward: () => void;
  onSelect: (id: string) => void;
}) {
  const toast = useSetAtom(showToastAtom);
  const copy = useCopy();
  const [menuFor, setMenuFor] = useState<ChatItem | null>(null);
  const [forwarding, setForwarding] = useState<Message | null>(null);
  const [reporting, setReporting] = useState<Message | null>(null);
  const [editing, setEditing] = useState<{ message: Message; kind: 'edit' | 'delete' } | null>(null);

  const togglePin = async (item: ChatItem) => {
    if (pinned?.id === item.id) {
      const r = await unpin(channelId, item);
      if (!r.ok) return toast({ tone: 'error', text: `Could not unpin: ${r.error.message}` });
      chat.setPinned(null);
      return toast({ tone: 'success', text: 'Unpinned.' });
    }
    const r = await pin(channelId, item);
    if (!r.ok) return toast({ tone: 'error', text: `Could not pin: ${r.error.message}` });
    chat.setPinned(r.value as Message);
    toast({ tone: 'success', text: 'Pinned.' });
  };

  const onAction = (action: MessageAction) => {
    const item = menuFor;
    setMenuFor(null);
    if (!item) return;
    if (action === 'edit' || action === 'delete') setEditing({ message: item, kind: action });
    if (action === 'reply') onReply(item);
    if (action === 'copy') void copy(item.message, 'Message copied.');
    if (action === 'pin') void togglePin(item);
    if (action === 'link') {
      void copy(
        `${window.location.origin}${chatInboxPath(channelId)}&msg=${encodeURIComponent(item.id)}`,
        'Link copied.',
      );
    }
    if (action === 'forward') {
      setForwarding(item);
      onForward();
    }
    if (action === 'report') setReporting(item);
    if (action === 'select') onSelect(item.id);
  };

  return {
    menuFor,
    setMenuFor,
    forwarding,
    setForwarding,
    reporting,
    setReporting,
    editing,
    setEditing,
    onAction,
  };
}
