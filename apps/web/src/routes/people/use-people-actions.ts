import type { Channel } from '@cohort/api';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { apiClientAtom } from '../../state/api.ts';
import { sessionAtom } from '../../state/userAuth.ts';
import { showToastAtom } from '../../ui/toast-state.ts';

const sameMembers = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Invite to Group and Message Selected Contacts, shared by the directory, saved lists and the connector. */
export function usePeopleActions() {
  const api = useAtomValue(apiClientAtom);
  const session = useAtomValue(sessionAtom);
  const toast = useSetAtom(showToastAtom);
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);

  /** Sends the invitations; resolves true when the server took them. */
  const invite = async (group: Channel, ids: string[]): Promise<boolean> => {
    setBusy(group.id);
    const { data, error } = await api.POST('/api/v1/channels/{id}/invites', {
      params: { path: { id: group.id } },
      body: { user_ids: ids },
    });
    setBusy(null);
    if (error) {
      toast({ tone: 'error', text: `Could not invite to ${group.name}: ${error.message}` });
      return false;
    }
    const sent = data.data.length;
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
  const message = async (people: { id: string; first_name: string }[]): Promise<void> => {
    const myId = session?.id;
    if (people.length === 0) return;
    setBusy('message');
    const ids = people.map((p) => p.id);
    const mine = await api.GET('/api/v1/users/me/channels');
    // Without the list there is no telling whether the chat exists; creating one could make a duplicate.
    if (mine.error) {
      setBusy(null);
      toast({ tone: 'error', text: `Could not open the chat: ${mine.error.message}` });
      return;
    }
    let channel = mine.data.data.find((c) => myId && sameMembers(c.users, [myId, ...ids]));
    if (!channel) {
      const created = await api.POST('/api/v1/users/channels/store', {
        body: {
          name: people
            .map((p) => p.first_name)
            .join(', ')
            .slice(0, 100),
          description: 'A conversation started from the directory.',
          tags: [],
          is_closed: true,
          users: ids,
        },
      });
      if (created.error) {
        setBusy(null);
        toast({ tone: 'error', text: `Could not start the chat: ${created.error.message}` });
        return;
      }
      channel = created.data.data;
    }
    setBusy(null);
    navigate(`${paths.chatInbox}?id=${encodeURIComponent(channel.id)}`, { state: { id: channel.id, channel } });
  };

  return { busy, invite, message };
}
