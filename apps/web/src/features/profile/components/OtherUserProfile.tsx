import type { ReactNode } from 'react';
import { useUser } from '../api/users.ts';
// Another user's profile is the profile view in its read-only mode.
import { ProfileView } from './ProfileView.tsx';

/** Loads `userId`'s profile and shows it read-only, with the caller's `actions` under the header (and `posts` in a tab). */
export function OtherUserProfile({
  userId,
  actions,
  posts,
}: {
  userId: string;
  actions: ReactNode;
  posts?: ReactNode;
}) {
  const user = useUser(userId);
  return (
    <ProfileView
      key={userId}
      owner={userId}
      own={false}
      user={user.data ?? null}
      loading={user.status === 'loading'}
      error={user.status === 'error' ? (user.error?.message ?? 'Unknown error') : null}
      onRetry={user.reload}
      actions={actions}
      posts={posts}
    />
  );
}
