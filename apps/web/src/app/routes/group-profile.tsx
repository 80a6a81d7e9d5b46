import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import * as l from '../../components/ui/layout.css.ts';
import { isNotFound, NotFound } from '../../components/ui/NotFound.tsx';
import { ScreenHeader } from '../../components/ui/ScreenHeader.tsx';
import { paths } from '../../config/paths.ts';
import { useFriends } from '../../features/directory/api/friends.ts';
import { usePeopleSearch } from '../../features/directory/api/search.ts';
import { useChannel, useMyChannels } from '../../features/groups/api/channels.ts';
import { AddMembersPicker } from '../../features/groups/components/AddMembersPicker.tsx';
import { GroupLoadStatus } from '../../features/groups/components/GroupLoadStatus.tsx';
import { GroupMoreSheet } from '../../features/groups/components/GroupMoreSheet.tsx';
import { GroupProfileHeader } from '../../features/groups/components/GroupProfileHeader.tsx';
import { GroupProfileTabs, type GroupTab } from '../../features/groups/components/GroupProfileTabs.tsx';
import * as s from '../../features/groups/components/group-profile.css.ts';
import { LeaveGroupSheet } from '../../features/groups/components/LeaveGroupSheet.tsx';
import { useGroupProfileActions } from '../../features/groups/hooks/use-group-profile-actions.ts';
import { sessionAtom } from '../../lib/auth.ts';
import { useBack } from '../../lib/use-back.ts';

/** /group-profile?id=chan_…: a group's profile, members, subgroups and what was shared in it. */
export default function GroupProfileScreen() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const me = useAtomValue(sessionAtom)?.id;
  const channels = useMyChannels();
  const friends = useFriends();
  const back = useBack(paths.chats);
  const group = useChannel(id);
  const detail = group.data ?? null;
  const error = group.status === 'error' ? (group.error?.message ?? 'Unknown error') : null;
  const [tab, setTab] = useState<GroupTab>('members');
  const [searching, setSearching] = useState(false);
  const [query, setQuery] = useState('');
  const [sheet, setSheet] = useState<'none' | 'leave' | 'more' | 'add'>('none');
  const [busy, setBusy] = useState<string | null>(null);
  const member = detail?.is_member ?? detail?.users.includes(me ?? '') ?? false;
  const muted = channels.data?.find((c) => c.id === id)?.is_muted ?? detail?.is_muted ?? false;

  const { leave, join, addMembers, toggleFollow, toggleMute } = useGroupProfileActions({
    id,
    following: detail?.is_following ?? false,
    muted,
    setBusy,
    onLeft: (after) => (after === 'chats' ? navigate(paths.chats) : void group.reload()),
    onAdded: () => setSheet('none'),
  });

  if (!id || (group.status === 'error' && isNotFound(group.error))) {
    return (
      <NotFound
        title="Group not found"
        text="There is no group at this link. It may have been removed, or the link is incomplete."
        back={paths.chats}
        backLabel="Back to Chats"
      />
    );
  }

  return (
    <div className={l.screen}>
      <ScreenHeader title={detail?.is_direct ? 'Chat' : 'Group'} onBack={back} />
      <GroupLoadStatus error={error} loading={!detail} onRetry={() => void group.reload()} />
      {detail && (
        <>
          <GroupProfileHeader
            group={detail}
            member={member}
            muted={muted}
            busy={busy}
            searching={searching}
            onFollow={() => void toggleFollow()}
            onJoin={() => void join(id)}
            onMute={() => void toggleMute()}
            onSearch={() => {
              setSearching((v) => !v);
              setTab('members');
              setQuery('');
            }}
            onLeave={() => setSheet('leave')}
            onMore={() => setSheet('more')}
          />
          {detail.description && (
            <p className={s.description} dir="auto">
              {detail.description}
            </p>
          )}
          <GroupProfileTabs
            group={detail}
            me={me}
            member={member}
            busy={busy}
            tab={tab}
            setTab={setTab}
            searching={searching}
            query={query}
            setQuery={setQuery}
            onAdd={() => {
              setSheet('add');
              if (friends.status !== 'ready') void friends.load();
            }}
            onLeave={(subId) => void leave(subId, 'reload')}
            onJoin={(subId) => void join(subId)}
          />
        </>
      )}
      {sheet === 'leave' && detail && (
        <LeaveGroupSheet
          name={detail.name}
          busy={busy === id}
          onClose={() => setSheet('none')}
          onLeave={() => void leave(id, 'chats')}
        />
      )}
      {sheet === 'more' && detail && <GroupMoreSheet id={id} member={member} onClose={() => setSheet('none')} />}
      {sheet === 'add' && (
        <AddMembersPicker
          group={detail}
          friends={friends}
          onRetryFriends={friends.load}
          useSearch={usePeopleSearch}
          busy={busy === 'add'}
          onBack={() => setSheet('none')}
          onAdd={(ids) => void addMembers(ids)}
        />
      )}
    </div>
  );
}
