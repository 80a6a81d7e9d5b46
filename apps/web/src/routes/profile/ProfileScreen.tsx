import { useAtomValue } from 'jotai';
import { useMe } from '../../features/profile/api/me.ts';
import { sessionAtom } from '../../state/userAuth.ts';
import { ProfileView } from './ProfileView.tsx';

/** /profile: the signed-in user's own profile (users/me), with edit, add and save controls. */
export default function ProfileScreen() {
  const me = useMe();
  const session = useAtomValue(sessionAtom);
  const user = me.data ?? null;
  return (
    <ProfileView
      owner={user?.id ?? session?.id ?? ''}
      own
      user={user}
      loading={me.status === 'loading'}
      error={me.status === 'error' ? (me.error?.message ?? 'Unknown error') : null}
      onRetry={me.reload}
    />
  );
}
