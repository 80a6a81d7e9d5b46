import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { paths } from '../../config/paths.ts';
import { InviteToGroupAction } from '../../features/groups/components/InviteToGroupAction.tsx';
import { OtherUserProfile } from '../../features/profile/components/OtherUserProfile.tsx';
import { ConnectActions } from '../../features/profile/components/PersonActions.tsx';
import * as s from '../../features/profile/components/Profile.css.ts';

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
      <ConnectActions userId={userId} />
      <InviteToGroupAction userId={userId} />
    </div>
  );
  return <OtherUserProfile userId={userId} actions={actions} />;
}
