import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import * as b from '../../ui/Button.css.ts';
import { Button } from '../../ui/Button.tsx';
import { GroupPickerSheet } from '../people/GroupPickerSheet.tsx';
import { usePeopleActions } from '../people/use-people-actions.ts';
import { useConnect } from './use-connect.ts';

/** Invite to Connect and View Shared Groups: what every other-profile view offers for its person. */
export function ConnectActions({ userId }: { userId: string }) {
  const { connect, connecting } = useConnect();
  return (
    <>
      <Button small variant="secondary" onClick={() => connect(userId)} loading={connecting}>
        Invite to Connect
      </Button>
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
