import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ConnectionControl } from '../../features/connections/components/ConnectionControl.tsx';
import { refreshOtherUserAtom } from '../../state/userData.ts';
import * as b from '../../ui/Button.css.ts';
import { Button } from '../../ui/Button.tsx';
import { GroupPickerSheet } from '../people/GroupPickerSheet.tsx';
import { usePeopleActions } from '../people/use-people-actions.ts';

/** The connection control and View Shared Groups: what every other-profile view offers for its person. */
export function ConnectActions({ userId }: { userId: string }) {
  // Connected or not decides whether the profile shows contact details: read it again on a change.
  const reloadProfile = useSetAtom(refreshOtherUserAtom);
  return (
    <>
      <ConnectionControl userId={userId} onChange={() => void reloadProfile(userId)} />
      <Link to={paths.otherGroup} state={{ id: userId }} className={`${b.variant.secondary} ${b.small}`}>
        View Shared Groups
      </Link>
    </>
  );
}

/** Invite to Group: picks one of the user's groups and invites the person; the picker stays open on failure. */
export function InviteToGroupAction({ userId, onInvited }: { userId: string; onInvited?: () => void }) {
  const { busy, invite } = usePeopleActions();
  const [picking, setPicking] = useState(false);
  return (
    <>
      <Button small onClick={() => setPicking(true)}>
        Invite to Group
      </Button>
      {picking && (
        <GroupPickerSheet
          count={1}
          busy={busy}
          onClose={() => setPicking(false)}
          onPick={async (group) => {
            if (await invite(group, [userId])) {
              setPicking(false);
              onInvited?.();
            }
          }}
        />
      )}
    </>
  );
}
