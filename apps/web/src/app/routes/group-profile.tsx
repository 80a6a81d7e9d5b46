import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, Spinner } from '../../components/ui/Button.tsx';
import { Icon } from '../../components/ui/Icon.tsx';
import * as l from '../../components/ui/layout.css.ts';
import { MemberPicker } from '../../components/ui/MemberPicker.tsx';
import { isNotFound, NotFound } from '../../components/ui/NotFound.tsx';
import * as cs from '../../components/ui/rows.css.ts';
import { Sheet } from '../../components/ui/Sheet.tsx';
import { Tabs } from '../../components/ui/Tabs.tsx';
import { paths } from '../../config/paths.ts';
import { useFriends } from '../../features/directory/api/friends.ts';
import { usePeopleSearch } from '../../features/directory/api/search.ts';
import { useChannel, useMyChannels } from '../../features/groups/api/channels.ts';
import { GroupMembersPanel } from '../../features/groups/components/GroupMembersPanel.tsx';
import { GroupMoreSheet } from '../../features/groups/components/GroupMoreSheet.tsx';
import * as s from '../../features/groups/components/GroupProfile.css.ts';
import { GroupProfileHeader } from '../../features/groups/components/GroupProfileHeader.tsx';
import { SharedPanel } from '../../features/groups/components/SharedPanel.tsx';
import { SubgroupsPanel } from '../../features/groups/components/SubgroupsPanel.tsx';
import { MAX_MEMBERS } from '../../features/groups/group-form.ts';
import { useGroupProfileActions } from '../../features/groups/hooks/use-group-profile-actions.ts';
import { sessionAtom } from '../../lib/auth.ts';
import { groupName, matches } from '../../lib/format.ts';
import { useBack } from '../../lib/use-back.ts';

const TABS = [
  { key: 'members', label: 'Members' },
  { key: 'subgroup', label: 'SubGroup' },
  { key: 'media', label: 'Media' },
  { key: 'files', label: 'Files' },
  { key: 'link', label: 'Link' },
  { key: 'gif', label: 'GIF' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** /group-profile?id=chan_…: a group's profile, members, subgroups and what was shared in it. */
export default function GroupProfileScreen() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const me = useAtomValue(sessionAtom)?.id;
  const channels = useMyChannels();
  const friends = useFriends();
  const loadFriends = friends.load;
  const back = useBack(paths.chats);
  const group = useChannel(id);
  const detail = group.data ?? null;
  const error = group.status === 'error' ? (group.error?.message ?? 'Unknown error') : null;
  const load = group.reload;
  const [tab, setTab] = useState<TabKey>('members');
  const [searching, setSearching] = useState(false);
  const [query, setQuery] = useState('');
  const [sheet, setSheet] = useState<'none' | 'leave' | 'more' | 'add'>('none');
  const [busy, setBusy] = useState<string | null>(null);
  const member = detail?.is_member ?? detail?.users.includes(me ?? '') ?? false;
  const listed = channels.data?.find((c) => c.id === id);
  const muted = listed?.is_muted ?? detail?.is_muted ?? false;

  const { leave, join, addMembers, toggleFollow, toggleMute } = useGroupProfileActions({
    id,
    following: detail?.is_following ?? false,
    muted,
    setBusy,
    onLeft: (after) => (after === 'chats' ? navigate(paths.chats) : void load()),
    onAdded: () => setSheet('none'),
  });

  const members = (detail?.members ?? []).filter((p) => matches(`${p.first_name} ${p.last_name}`, query));
  const notMembers = useMemo(
    () => (friends.data ?? []).filter((f) => !(detail?.users ?? []).includes(f.id)),
    [friends.data, detail],
  );

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
      <header className={l.topBar}>
        <Button variant="ghost" aria-label="Back" onClick={back}>
          <Icon name="back" />
        </Button>
        <h1 className={l.topTitle}>{detail?.is_direct ? 'Chat' : 'Group'}</h1>
        <span style={{ width: 44 }} />
      </header>

      {error && (
        <div className={l.section}>
          <Alert
            action={
              <Button small variant="secondary" onClick={() => void load()}>
                Retry
              </Button>
            }
          >
            Could not load the group: {error}
          </Alert>
        </div>
      )}
      {!detail && !error && (
        <p className={`${l.muted} ${l.section}`}>
          <Spinner label="Loading the group" /> Loading the group…
        </p>
      )}

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

          {searching && (
            <input
              type="search"
              className={cs.search}
              placeholder="Search members"
              aria-label="Search members"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          )}

          <Tabs
            label="Group sections"
            tabs={detail.is_direct ? TABS.filter((t) => t.key !== 'subgroup') : TABS}
            value={tab}
            onChange={setTab}
          >
            {tab === 'members' && (
              <GroupMembersPanel
                members={members}
                me={me}
                query={query}
                canAdd={member && !detail.is_direct}
                onAdd={() => {
                  setSheet('add');
                  if (friends.status !== 'ready') void loadFriends();
                }}
              />
            )}
            {tab === 'subgroup' && (
              <SubgroupsPanel
                group={detail}
                busy={busy}
                onLeave={(subId) => void leave(subId, 'reload')}
                onJoin={(subId) => void join(subId)}
              />
            )}
            {(tab === 'media' || tab === 'files' || tab === 'link') && (
              <SharedPanel id={id} tab={tab} member={member} />
            )}
            {tab === 'gif' && (
              <p className={l.muted}>GIFs shared in the group will show here once Cohort can send them.</p>
            )}
          </Tabs>
        </>
      )}

      {sheet === 'leave' && detail && (
        <Sheet
          title={`Leave ${groupName(detail.name)}?`}
          onClose={() => setSheet('none')}
          footer={
            <>
              <Button variant="secondary" onClick={() => setSheet('none')}>
                Cancel
              </Button>
              <Button variant="danger" loading={busy === id} onClick={() => void leave(id, 'chats')}>
                Leave group
              </Button>
            </>
          }
        >
          <p>You will stop getting its messages. You can join again if the group is open.</p>
        </Sheet>
      )}
      {sheet === 'more' && detail && <GroupMoreSheet id={id} member={member} onClose={() => setSheet('none')} />}
      {sheet === 'add' && (
        <MemberPicker
          max={MAX_MEMBERS}
          useSearch={usePeopleSearch}
          title="Add Members"
          friends={{ ...friends, data: friends.data ? notMembers : undefined }}
          onRetryFriends={loadFriends}
          initial={[]}
          onBack={() => setSheet('none')}
          onNext={(ids) => void addMembers(ids)}
          nextLabel="Add"
          exclude={detail?.users ?? []}
          busy={busy === 'add'}
        />
      )}
    </div>
  );
}
