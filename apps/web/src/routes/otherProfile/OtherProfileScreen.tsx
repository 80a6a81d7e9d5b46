import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { Alert } from '../../ui/Alert.tsx';
import * as b from '../../ui/Button.css.ts';
import { Button } from '../../ui/Button.tsx';
import * as s from '../profile/Profile.css.ts';
import { OtherUserProfile } from './OtherUserProfile.tsx';
import { useConnect } from './use-connect.ts';

/**
 * /otherProfile: another user's read-only profile. Opened from a saved list with `state.ids` (a list of
 * person ids, stepped through by 'Invite to Group'), or by link with `?id=usr_…`.
 */
export default function OtherProfileScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ids = (location.state as { ids?: string[] } | null)?.ids ?? [];
  const [index, setIndex] = useState(0);
  const userId = params.get('id') ?? ids[index] ?? null;
  const { connect, connecting } = useConnect();

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

  const hasNext = !params.get('id') && index + 1 < ids.length;
  const actions = (
    <div className={s.listActions}>
      <Button small variant="secondary" onClick={() => connect(userId)} loading={connecting}>
        Invite to Connect
      </Button>
      <Link to={paths.otherGroup} state={{ id: userId }} className={`${b.variant.secondary} ${b.small}`}>
        View Shared Groups
      </Link>
      {ids.length > 0 && (
        <Button small onClick={() => setIndex((i) => i + 1)} disabled={!hasNext}>
          Invite to Group
        </Button>
      )}
    </div>
  );

  return <OtherUserProfile userId={userId} actions={actions} />;
}
