import type { Channel } from '@cohort/api';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import type { ChatPerson } from '@/lib/chat-match.ts';
import { useChannelActions } from '../api/channels.ts';
import { useOpenChat } from './use-open-chat.ts';

/** Invite to Group and Message Selected Contacts, shared by the directory, saved lists and the connector. */
export function usePeopleActions() {
  const { invite: sendInvites } = useChannelActions();
  const toast = useSetAtom(showToastAtom);
  const { openChat } = useOpenChat();
  const [busy, setBusy] = useState<string | null>(null);

  /** Sends the invitations; resolves true when the server took them. */
  const invite = async (group: Channel, ids: string[]): Promise<boolean> => {
    setBusy(group.id);
    const result = await sendInvites(group.id, ids);
    setBusy(null);
    if (!result.ok) {
      toast({ tone: 'error', text: `Could not invite to ${group.name}: ${result.error.message}` });
      return false;
    }
    const sent = result.value.length;
    const skipped = ids.length - sent;
    toast({
      tone: 'success',
      text:
        `${sent === 1 ? '1 invitation' : `${sent} invitations`} sent to join ${group.name}.` +
        (skipped > 0 ? ` ${skipped} already in the group or invited.` : ''),
    });
    return true;
  };

  /** Opens the chat with exactly these people (and me), creating it when there is none. */
  const message = async (people: readonly ChatPerson[]): Promise<void> => {
    if (people.length === 0) return;
    setBusy('message');
    await openChat(people, 'A conversation started from the directory.');
    setBusy(null);
  };

  return { busy, invite, message };
}
