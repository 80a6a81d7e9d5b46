import type { PeopleActionsSlot } from '@/components/ui/people-actions.ts';
import { InviteToGroupSheet } from '../components/InviteToGroupAction.tsx';
import { usePeopleActions } from './use-people-actions.ts';

/** Message Selected Contacts and Invite to Group, as the directory and saved-list screens take them. */
export function usePeopleSlot(): PeopleActionsSlot {
  const { busy, message } = usePeopleActions();
  return {
    message,
    messaging: busy === 'message',
    inviteSheet: (ids, onClose) => <InviteToGroupSheet ids={ids} onClose={onClose} />,
  };
}
