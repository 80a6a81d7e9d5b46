import type { Channel } from '@cohort/api';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import { paths } from '@/config/paths.ts';
import { sessionAtom } from '@/lib/auth.ts';
import { type ChatPerson, chatCandidates, findChat, newChatInput } from '@/lib/chat-match.ts';
import { useAskMembers } from '../api/channel-members.ts';
import { useChannelActions, useReadMyChannels } from '../api/channels.ts';

/**
 * Opens the chat whose members are exactly me and `people`, creating it (no form) when there is none,
 * then goes to /chatInbox for it. With one person that is the one-to-one chat (`is_direct`, which the
 * server names after the other person for each of the two); a group that happens to have the same two
 * members is not it. Shared by Chats, the directory, saved lists and the connector.
 */
export function useOpenChat() {
  const readMyChannels = useReadMyChannels();
  const askMembers = useAskMembers();
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
      const ids = others.map((p) => p.id);
      let channel = findChat(list, myId, ids);
      try {
        // A chat of more than 20 people embeds only 20 of them: its whole list says whether it is this one.
        for (const candidate of channel ? [] : chatCandidates(list, myId, ids)) {
          const found = await askMembers(candidate, [myId, ...ids]);
          if (found.size === candidate.member_count) {
            channel = candidate;
            break;
          }
        }
      } catch (error) {
        toast({ tone: 'error', text: `Could not open the chat: ${(error as Error).message}` });
        return false;
      }
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
