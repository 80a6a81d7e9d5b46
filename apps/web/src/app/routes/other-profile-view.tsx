import { useAtomValue } from 'jotai';
import { useLocation, useSearchParams } from 'react-router';
import { isNotFound, NotFound } from '../../components/ui/NotFound.tsx';
import { paths } from '../../config/paths.ts';
import { CallButtons } from '../../features/calls/components/CallButtons.tsx';
import { UserPosts } from '../../features/feed/components/UserPosts.tsx';
import { InviteToGroupAction } from '../../features/groups/components/InviteToGroupAction.tsx';
import { useUser } from '../../features/profile/api/users.ts';
import { OtherUserProfile } from '../../features/profile/components/OtherUserProfile.tsx';
import { ConnectActions } from '../../features/profile/components/PersonActions.tsx';
import * as s from '../../features/profile/components/profile.css.ts';
import { sessionAtom } from '../../lib/auth.ts';
import { usePersonControls } from '../person-controls.tsx';

/**
 * /otherProfile outside a saved list: another user's read-only profile (`?id=usr_…` or state `{ id }`),
 * with the connection control, View Shared Groups, Invite to Group and Block. From a saved list the same route is
 * the Individual Profile Connector (ConnectorScreen).
 */
export default function OtherProfileScreen() {
  const location = useLocation();
  const [params] = useSearchParams();
  const userId = params.get('id') ?? (location.state as { id?: string } | null)?.id ?? null;

  const me = useAtomValue(sessionAtom)?.id ?? null;
  const user = useUser(userId ?? '');
  const controls = usePersonControls(userId ?? '');

  // No id, or one that names nobody: say so, offer a way back, and no actions.
  if (!userId || (user.status === 'error' && isNotFound(user.error))) {
    return (
      <NotFound
        title="Person not found"
        text="There is no profile at this link. The person may have left, or the link is incomplete."
        back={paths.contacts}
        backLabel="Back to Contacts"
      />
    );
  }

  const actions = (
    <div className={s.listActions}>
      <ConnectActions userId={userId} connection={controls.connection} />
      {!controls.blocked && <InviteToGroupAction userId={userId} />}
      {!controls.blocked && <CallButtons userId={userId} />}
      {controls.block}
    </div>
  );
  return <OtherUserProfile userId={userId} actions={actions} posts={<UserPosts userId={userId} me={me} />} />;
}
