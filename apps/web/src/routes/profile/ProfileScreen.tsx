import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { currentUserAtom, loadCurrentUserAtom, sessionAtom } from '../../state/userAuth.ts';
import { ProfileView } from './ProfileView.tsx';

/** /profile: the signed-in user's own profile (users/me), with edit, add and save controls. */
export default function ProfileScreen() {
  const user = useAtomValue(currentUserAtom);
  const session = useAtomValue(sessionAtom);
  const loadUser = useSetAtom(loadCurrentUserAtom);
  const [loading, setLoading] = useState(!user);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    const result = await loadUser();
    setLoading(false);
    if (!result.ok) setError(result.error.message);
  }, [loadUser]);

  useEffect(() => {
    void load();
  }, [load]);

  const owner = user?.id ?? session?.id;
  if (!owner) {
    return <ProfileView owner="" own user={null} loading={loading} error={error} onRetry={load} />;
  }
  return <ProfileView owner={owner} own user={user} loading={loading} error={error} onRetry={load} />;
}
