import { BlockControl } from '../features/connections/components/BlockControl.tsx';
import { ConnectionControl } from '../features/connections/components/ConnectionControl.tsx';
import { useRefreshUser, useUser } from '../features/profile/api/users.ts';
import { personName } from '../lib/format.ts';

/**
 * What another person's profile offers about my relation to them, composed from the connections
 * feature for the profile routes: the connection control (hidden while I block them: nothing in it
 * could work) and Block / Unblock.
 */
export function usePersonControls(userId: string) {
  const user = useUser(userId);
  // Connected or blocked decides what the profile shows (contact details): read it again on a change.
  const refreshUser = useRefreshUser();
  const name = user.data ? personName(user.data, 'this person') : undefined;
  const blocked = user.data?.is_blocked === true;
  return {
    blocked,
    connection: blocked ? null : <ConnectionControl userId={userId} name={name} onChange={() => refreshUser(userId)} />,
    block: user.data ? <BlockControl userId={userId} name={name} blocked={blocked} /> : null,
  };
}
