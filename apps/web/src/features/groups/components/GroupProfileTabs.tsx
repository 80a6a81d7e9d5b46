import type { ChannelDetail } from '@cohort/api';
import { SearchInput } from '@/components/ui/SearchInput.tsx';
import { Tabs, tabItems } from '@/components/ui/Tabs.tsx';
import { GroupMembersPanel } from './GroupMembersPanel.tsx';
import { SharedPanel } from './SharedPanel.tsx';
import { SubgroupsPanel } from './SubgroupsPanel.tsx';

const TABS = tabItems({
  members: 'Members',
  subgroup: 'SubGroup',
  media: 'Media',
  files: 'Files',
  link: 'Link',
  gif: 'GIF',
});
export type GroupTab = (typeof TABS)[number]['key'];

/** The group profile's tabs: members (filtered by the search box when it is open), subgroups and what was shared. */
export function GroupProfileTabs({
  group,
  me,
  member,
  busy,
  tab,
  setTab,
  searching,
  query,
  setQuery,
  onAdd,
  onLeave,
  onJoin,
}: {
  group: ChannelDetail;
  me: string | null | undefined;
  member: boolean;
  busy: string | null;
  tab: GroupTab;
  setTab: (tab: GroupTab) => void;
  searching: boolean;
  query: string;
  setQuery: (query: string) => void;
  onAdd: () => void;
  onLeave: (subgroupId: string) => void;
  onJoin: (subgroupId: string) => void;
}) {
  return (
    <>
      {searching && (
        <SearchInput label="Search members" placeholder="Search members" value={query} onChange={setQuery} />
      )}
      <Tabs
        label="Group sections"
        tabs={group.is_direct ? TABS.filter((t) => t.key !== 'subgroup') : TABS}
        value={tab}
        onChange={setTab}
      >
        {tab === 'members' && (
          <GroupMembersPanel
            group={group}
            member={member}
            me={me}
            query={query}
            canAdd={member && !group.is_direct}
            onAdd={onAdd}
          />
        )}
        {tab === 'subgroup' && <SubgroupsPanel group={group} busy={busy} onLeave={onLeave} onJoin={onJoin} />}
        {tab !== 'members' && tab !== 'subgroup' && <SharedPanel id={group.id} tab={tab} member={member} />}
      </Tabs>
    </>
  );
}
