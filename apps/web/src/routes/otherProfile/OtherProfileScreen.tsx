import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { Alert } from '../../ui/Alert.tsx';
import * as b from '../../ui/Button.css.ts';
import { Button } from '../../ui/Button.tsx';
import { GroupPickerSheet } from '../people/GroupPickerSheet.tsx';
import { usePeopleActions } from '../people/use-people-actions.ts';
import * as s from '../profile/Profile.css.ts';
import { OtherUserProfile } from './OtherUserProfile.tsx';
import { useConnect } from './use-connect.ts';

/**
 * /otherProfile outside a saved list: another user's read-only profile (`?id=usr_…` or state `{ id }`),
 * with Invite to Connect, View Shared Groups and Invite to Group. From a saved list the same route is
 * the Individual Profile Connector (ConnectorScreen).
 */
export default function OtherProfileScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userId = params.get('id') ?? (location.state as { id?: string } | null)?.id ?? null;
  const { connect, connecting } = useConnect();
  const { busy, invite } = usePeopleActions();
  const [picking, setPicking] = useState(false);

  if (!userId) {
    return (
      <div className={s.hero}>
        <Alert tone="info">No person was chosen. Open a profile from a saved list or a search.</Alert>
        <Button variant="secondary" onClick={() => navigate(paths.contacts)}>
          Go to Contacts
        </Button>
      </div>
    );
  }

  const actions = (
    <div className={s.listActions}>
      <Button small variant="secondary" onClick={() => connect(userId)} loading={connecting}>
        Invite to Connect
      </Button>
      <Link to={paths.otherGroup} state={{ id: userId }} className={`${b.variant.secondary} ${b.small}`}>
        View Shared Groups
      </Link>
      <Button small onClick={() => setPicking(true)}>
        Invite to Group
      </Button>
    </div>
  );

  return (
    <>
      <OtherUserProfile userId={userId} actions={actions} />
      {picking && (
        <GroupPickerSheet
          count={1}
          busy={busy}
          onClose={() => setPicking(false)}
          onPick={async (group) => {
            // The picker stays open on failure, so the user can pick again.
            if (await invite(group, [userId])) setPicking(false);
          }}
        />
      )}
    </>
  );
}
