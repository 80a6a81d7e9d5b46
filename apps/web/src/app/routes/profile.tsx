import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { CalendarSheet } from '../../features/calendar/components/CalendarSheet.tsx';
import { FriendCallPicker } from '../../features/calls/components/FriendCallPicker.tsx';
import { useFriends } from '../../features/directory/api/friends.ts';
import { UserPosts } from '../../features/feed/components/UserPosts.tsx';
import { useGroupCounts } from '../../features/groups/hooks/use-group-counts.ts';
import { useMe } from '../../features/profile/api/me.ts';
import { MoreMenu } from '../../features/profile/components/MoreMenu.tsx';
import { ProfileView } from '../../features/profile/components/ProfileView.tsx';
import { sessionAtom } from '../../lib/auth.ts';

function Calendar({ onClose }: { onClose: () => void }) {
  return <CalendarSheet friends={useFriends()} onClose={onClose} />;
}

function VideoPicker({ onClose }: { onClose: () => void }) {
  return <FriendCallPicker friends={useFriends()} onClose={onClose} />;
}

function Menu() {
  const [open, setOpen] = useState(false);
  const { counts, reload } = useGroupCounts(open);
  return <MoreMenu open={open} setOpen={setOpen} counts={counts} onReloadCounts={reload} />;
}

/** /profile: the signed-in user's own profile (users/me), with edit, add and save controls. */
export default function ProfileScreen() {
  const me = useMe();
  const session = useAtomValue(sessionAtom);
  const user = me.data ?? null;
  const owner = user?.id ?? session?.id ?? '';
  return (
    <ProfileView
      owner={owner}
      own
      user={user}
      loading={me.status === 'loading'}
      error={me.status === 'error' ? (me.error?.message ?? 'Unknown error') : null}
      onRetry={me.reload}
      slots={{
        calendar: (close) => <Calendar onClose={close} />,
        video: (close) => <VideoPicker onClose={close} />,
        menu: <Menu />,
      }}
      posts={owner && <UserPosts userId={owner} me={owner} />}
    />
  );
}
