import { useSetAtom } from 'jotai';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import { useChannelActions } from '../api/channels.ts';

/** The group profile's writes, each saying how it went in a toast; `busy` names the one under way. */
export function useGroupProfileActions({
  id,
  following,
  muted,
  setBusy,
  onLeft,
  onAdded,
}: {
  id: string;
  following: boolean;
  muted: boolean;
  setBusy: (what: string | null) => void;
  onLeft: (after: 'chats' | 'reload') => void;
  onAdded: () => void;
}) {
  const actions = useChannelActions();
  const toast = useSetAtom(showToastAtom);
  const leave = async (channelId: string, after: 'chats' | 'reload') => {
    setBusy(channelId);
    const r = await actions.leave(channelId);
    setBusy(null);
    if (!r.ok) return toast({ tone: 'error', text: `Could not leave: ${r.error.message}` });
    if (after === 'reload') toast({ tone: 'success', text: 'You left the subgroup.' });
    onLeft(after);
  };

  const join = async (channelId: string) => {
    setBusy(channelId);
    const r = await actions.join(channelId);
    setBusy(null);
    if (!r.ok) return toast({ tone: 'error', text: `Could not join: ${r.error.message}` });
    toast({ tone: 'success', text: `You joined ${r.value.name}.` });
  };

  const addMembers = async (userIds: string[]) => {
    setBusy('add');
    const r = await actions.addMembers(id, userIds);
    setBusy(null);
    if (!r.ok) return toast({ tone: 'error', text: `Could not add members: ${r.error.message}` });
    onAdded();
    toast({ tone: 'success', text: userIds.length === 1 ? 'Member added.' : `${userIds.length} members added.` });
  };

  const toggleFollow = async () => {
    setBusy('follow');
    const r = await actions.follow(id, !following);
    setBusy(null);
    if (!r.ok) return toast({ tone: 'error', text: `Could not change following: ${r.error.message}` });
    toast({
      tone: 'success',
      text: r.value.is_following ? `You follow ${r.value.name}.` : `You no longer follow ${r.value.name}.`,
    });
  };

  const toggleMute = async () => {
    const r = await actions.setMuted(id, !muted);
    if (!r.ok) return toast({ tone: 'error', text: `Could not change notifications: ${r.error.message}` });
    toast({ tone: 'success', text: r.value.is_muted ? 'Notifications muted.' : 'Notifications on.' });
  };

  return { leave, join, addMembers, toggleFollow, toggleMute };
}
