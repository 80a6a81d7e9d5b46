import type { Channel } from '@cohort/api';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { LoadState } from '../../components/ui/LoadState.tsx';
import * as l from '../../components/ui/layout.css.ts';
import { ScreenHeader } from '../../components/ui/ScreenHeader.tsx';
import { Tabs, tabItems } from '../../components/ui/Tabs.tsx';
import { showToastAtom } from '../../components/ui/toast-state.ts';
import { paths } from '../../config/paths.ts';
import { useChannelActions, useChannelInvites, useMyChannels } from '../../features/groups/api/channels.ts';
import { GroupRows } from '../../features/groups/components/GroupRows.tsx';
import { InviteRows } from '../../features/groups/components/InviteRows.tsx';
import { useUserNames } from '../../features/profile/api/users.ts';
import type { ActionResult } from '../../lib/result.ts';
import { useBack } from '../../lib/use-back.ts';

const TABS = tabItems({ active: 'My Groups', inactive: 'Inactive Groups', invites: 'Group Invites' });
type TabKey = (typeof TABS)[number]['key'];

/** /group: My Groups, Inactive Groups and Group Invites, all from the server. State `{ id: 1..3 }` picks the tab. */
export default function GroupScreen() {
  const location = useLocation();
  const toast = useSetAtom(showToastAtom);
  // The tab lives in the URL (?tab=), so Back returns to it; a navigation state `{ id: 1..3 }` still picks one.
  const [params, setParams] = useSearchParams();
  const id = (location.state as { id?: number } | null)?.id ?? 1;
  const fromUrl = TABS.find((t) => t.key === params.get('tab'))?.key;
  const tab: TabKey = fromUrl ?? TABS[id - 1]?.key ?? 'active';
  const setTab = (next: TabKey) => setParams({ tab: next }, { replace: true, state: location.state });
  const groups = useMyChannels(tab === 'invites' ? 'active' : tab);
  const invites = useChannelInvites();
  const actions = useChannelActions();
  const back = useBack(paths.profile);
  const [working, setWorking] = useState<string | null>(null);
  // Who invited: a name says more than a date. A failed look-up just leaves the name out.
  const inviterIds = [...new Set((invites.data ?? []).map((i) => i.invited_by))];
  const inviters = useUserNames(tab === 'invites' ? inviterIds : []);

  /** Runs one row action; its mutation updates every cached list that shows the group (the More menu's counts too). */
  const act = async (key: string, call: () => Promise<ActionResult<unknown>>, done: string) => {
    setWorking(key);
    const result = await call();
    setWorking(null);
    if (!result.ok) return toast({ tone: 'error', text: result.error.message });
    toast({ tone: 'success', text: done });
  };

  const follow = (group: Channel) =>
    act(
      `follow:${group.id}`,
      () => actions.follow(group.id, !group.is_following),
      group.is_following ? `You no longer follow ${group.name}.` : `You follow ${group.name}.`,
    );

  return (
    <div className={l.screen}>
      <ScreenHeader title="My Groups" onBack={back} />
      <Tabs label="Groups" tabs={TABS} value={tab} onChange={setTab}>
        {/* The tab panel already has the page's 16 px margins: the rows line up with the tabs. */}
        <div>
          {tab === 'invites' ? (
            <LoadState state={invites} what="your invitations" empty="No pending invitations." onRetry={invites.reload}>
              {(list) => (
                <InviteRows
                  list={list}
                  inviters={inviters}
                  working={working}
                  onAccept={(invite) =>
                    act(
                      `accept:${invite.id}`,
                      () => actions.acceptInvite(invite.id),
                      `You joined ${invite.channel_name}.`,
                    )
                  }
                  onDecline={(invite) =>
                    act(
                      `decline:${invite.id}`,
                      () => actions.declineInvite(invite.id),
                      `Invitation to ${invite.channel_name} declined.`,
                    )
                  }
                />
              )}
            </LoadState>
          ) : (
            <LoadState
              state={groups}
              what="your groups"
              empty={tab === 'active' ? 'You are not in any active group.' : 'No inactive groups.'}
              onRetry={groups.reload}
            >
              {(list) => (
                <GroupRows
                  list={list}
                  tab={tab === 'inactive' ? 'inactive' : 'active'}
                  working={working}
                  onFollow={follow}
                  onReactivate={(group) =>
                    act(`reactivate:${group.id}`, () => actions.reactivate(group.id), `${group.name} is active again.`)
                  }
                />
              )}
            </LoadState>
          )}
        </div>
      </Tabs>
    </div>
  );
}
