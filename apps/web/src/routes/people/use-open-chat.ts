import type { Channel, ChannelInput } from '@cohort/api';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useChannelActions, useReadMyChannels } from '../../features/groups/api/channels.ts';
import { sessionAtom } from '../../state/userAuth.ts';
import { showToastAtom } from '../../ui/toast-state.ts';

export interface ChatPerson {
  id: string;
  first_name: string;
  last_name: string;
}

const NAME_MAX = 100;

/** A new chat's name: the person's full name one-to-one, the first names for more people. */
export function chatName(people: readonly ChatPerson[]): string {
  const [only] = people;
  const name =
    people.length === 1 && only
      ? `${only.first_name} ${only.last_name}`.trim()
      : people.map((p) => p.first_name).join(', ');
  return (name || 'Chat').slice(0, NAME_MAX);
}

const sameMembers = (a: readonly string[], b: ReadonlySet<string>) =>
  new Set(a).size === b.size && a.every((id) => b.has(id));

/**
 * The user's chat with exactly `others`: with one person, only the one-to-one chat (`is_direct`); a
 * group that happens to have the same two members is not it.
 */
export function findChat(channels: readonly Channel[], me: string, others: readonly string[]): Channel | undefined {
  const members = new Set([me, ...others]);
  const direct = others.length === 1;
  return channels.find((c) => sameMembers(c.users, members) && (!direct || c.is_direct === true));
}

/** What `storeChannel` gets for a new chat with `others` (one person: the one-to-one chat). */
export function newChatInput(others: readonly ChatPerson[], description = ''): ChannelInput {
  return {
    name: chatName(others),
    description,
    tags: [],
    // A private conversation: not listed to others, joined only by invitation.
    is_closed: true,
    users: others.map((p) => p.id),
    parent_id: null,
    is_public: false,
    is_open: false,
    expires_year: null,
    ...(others.length === 1 ? { is_direct: true } : {}),
  };
}

/**
 * Opens the chat whose members are exactly me and `people`, creating it (no form) when there is none,
 * then goes to /chatInbox for it. With one person that is the one-to-one chat (`is_direct`, which the
 * server names after the other person for each of the two); a group that happens to have the same two
 * members is not it. Shared by Chats, the directory, saved lists and the connector.
 */
export function useOpenChat() {
  const readMyChannels = useReadMyChannels();
  const myId = useAtomValue(sessionAtom)?.id;
  const { create: createGroup } = useChannelActions();
  const toast = useSetAtom(showToastAtom);
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);

  /** Resolves true once the chat is open; on failure a toast says why and nothing is created. */
  const openChat = async (people: readonly ChatPerson[], description = ''): Promise<boolean> => {
    const others = [...new Map(people.filter((p) => p.id !== myId).map((p) => [p.id, p])).values()];
    if (!myId || others.length === 0) return false;
    setOpening(true);
    try {
      let list: Channel[];
      try {
        list = await readMyChannels();
      } catch (error) {
        // Without the list there is no telling whether the chat exists; creating one could make a duplicate.
        toast({ tone: 'error', text: `Could not open the chat: ${(error as Error).message}` });
        return false;
      }
      let channel = findChat(
        list,
        myId,
        others.map((p) => p.id),
      );
      if (!channel) {
        const created = await createGroup(newChatInput(others, description));
        if (!created.ok) {
          toast({ tone: 'error', text: `Could not start the chat: ${created.error.message}` });
          return false;
        }
        channel = created.value;
      }
      navigate(`${paths.chatInbox}?id=${encodeURIComponent(channel.id)}`, { state: { id: channel.id, channel } });
      return true;
    } finally {
      setOpening(false);
    }
  };

  return { opening, openChat };
}
