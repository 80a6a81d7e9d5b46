import { useAtomValue, useSetAtom } from 'jotai';
import { type ReactNode, useCallback, useEffect } from 'react';
import { loadOtherUserAtom, otherUserAtom } from '../../state/userData.ts';
// Another user's profile is the profile view in its read-only mode.
import { ProfileView } from '../profile/ProfileView.tsx';

/** Loads `userId`'s profile and shows it read-only, with the caller's `actions` under the header. */
export function OtherUserProfile({ userId, actions }: { userId: string; actions: ReactNode }) {
  const state = useAtomValue(otherUserAtom);
  const loadUser = useSetAtom(loadOtherUserAtom);
  const load = useCallback(() => {
    void loadUser(userId);
  }, [loadUser, userId]);
  useEffect(load, [load]);

  const current = state.owner === userId ? state : null;
  return (
    <ProfileView
      key={userId}
      owner={userId}
      own={false}
      user={current?.data ?? null}
      loading={!current || current.status === 'loading'}
      error={current?.status === 'error' ? (current.error?.message ?? 'Unknown error') : null}
      onRetry={load}
      actions={actions}
    />
  );
}
