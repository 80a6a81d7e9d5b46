import type { Channel } from '@cohort/api';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { shortDate } from '../../lib/dates.ts';
import { groupName, personName } from '../../lib/format.ts';
import type { Loadable } from '../../lib/result.ts';
import { apiClientAtom } from '../../state/api.ts';
import { type ChannelInvite, loadGroupCountsAtom } from '../../state/directory.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { LoadState } from '../../ui/LoadState.tsx';
import * as l from '../../ui/layout.css.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { showToastAtom } from '../../ui/toast-state.ts';
import * as p from '../people/people.css.ts';
import * as s from './group.css.ts';

const TABS = [
  { key: 'active', label: 'MyGroups' },
  { key: 'inactive', label: 'Inactive Groups' },
  { key: 'invites', label: 'Group Invites' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

const idle = <T,>(): Loadable<T> => ({ status: 'idle', data: undefined, error: null, owner: null });

/** /group: My Groups, Inactive Groups and Group Invites, all from the server. State `{ id: 1..3 }` picks the tab. */
export default function GroupScreen() {
  const api = useAtomValue(apiClientAtom);
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useSetAtom(showToastAtom);
  const loadCounts = useSetAtom(loadGroupCountsAtom);
  const id = (location.state as { id?: number } | null)?.id ?? 1;
  const [tab, setTab] = useState<TabKey>(TABS[id - 1]?.key ?? 'active');
  const [groups, setGroups] = useState<Loadable<Channel[]>>(idle);
  const [invites, setInvites] = useState<Loadable<ChannelInvite[]>>(idle);
  const [working, setWorking] = useState<string | null>(null);
  const [inviters, setInviters] = useState<Map<string, string>>(new Map());

  const load = useCallback(async () => {
    if (tab === 'invites') {
      setInvites((st) => ({ ...st, status: 'loading' }));
      const { data, error } = await api.GET('/api/v1/users/me/channel-invites');
      setInvites(
        error
          ? { status: 'error', data: undefined, error, owner: 'me' }
          : { status: 'ready', data: data.data, error: null, owner: 'me' },
      );
      // Who invited: a name says more than a date. A failed look-up just leaves the name out.
      const ids = [...new Set((data?.data ?? []).map((i) => i.invited_by))];
      const names = await Promise.all(
        ids.map(async (id) => {
          const user = await api.GET('/api/v1/users/{id}', { params: { path: { id } } });
          return [id, user.data ? personName(user.data.data, '') || null : null] as const;
        }),
      );
      setInviters(new Map(names.filter((n): n is readonly [string, string] => n[1] !== null)));
      return;
    }
    setGroups((st) => ({ ...st, status: 'loading', data: st.owner === tab ? st.data : undefined }));
    const { data, error } = await api.GET('/api/v1/users/me/channels', { params: { query: { status: tab } } });
    setGroups(
      error
        ? { status: 'error', data: undefined, error, owner: tab }
        : { status: 'ready', data: data.data, error: null, owner: tab },
    );
  }, [api, tab]);
  useEffect(() => {
    void load();
  }, [load]);

  /** Runs one row action, then re-reads the tab and the More menu's counts. */
  const act = async (key: string, call: () => Promise<{ error?: { message: string } }>, done: string) => {
    setWorking(key);
    const { error } = await call();
    setWorking(null);
    if (error) return toast({ tone: 'error', text: error.message });
    toast({ tone: 'success', text: done });
    await load();
    void loadCounts();
  };

  const follow = (group: Channel) =>
    act(
      `follow:${group.id}`,
      () =>
        group.is_following
          ? api.DELETE('/api/v1/channels/{id}/follow', { params: { path: { id: group.id } } })
          : api.POST('/api/v1/channels/{id}/follow', { params: { path: { id: group.id } } }),
      group.is_following ? `You no longer follow ${group.name}.` : `You follow ${group.name}.`,
    );

  const groupRows = (list: Channel[]) => (
    <ul className={p.rows} aria-label={tab === 'active' ? 'My groups' : 'Inactive groups'}>
      {list.map((group) => (
        <li key={group.id} className={s.row}>
          <span className={s.info}>
            <Link className={s.link} to={`${paths.groupProfile}?id=${encodeURIComponent(group.id)}`} dir="auto">
              {groupName(group.name)}
            </Link>
            <span className={p.meta}>{group.member_count ?? group.users.length} members</span>
          </span>
          <span className={s.buttons}>
            {tab === 'active' ? (
              <>
                <Button
                  small
                  variant={group.is_following ? 'primary' : 'secondary'}
                  aria-pressed={group.is_following ?? false}
                  aria-label={`${group.is_following ? 'Following' : 'Click to Follow'}: ${group.name}`}
                  loading={working === `follow:${group.id}`}
                  onClick={() => follow(group)}
                >
                  {group.is_following ? 'Following' : 'Click to Follow'}
                </Button>
                <span className={s.badge}>Active</span>
              </>
            ) : (
              <Button
                small
                aria-label={`Reactivate ${group.name}`}
                loading={working === `reactivate:${group.id}`}
                onClick={() =>
                  act(
                    `reactivate:${group.id}`,
                    () => api.POST('/api/v1/channels/{id}/reactivate', { params: { path: { id: group.id } } }),
                    `${group.name} is active again.`,
                  )
                }
              >
                Reactivate
              </Button>
            )}
          </span>
        </li>
      ))}
    </ul>
  );

  return (
    <div className={l.screen}>
      <header className={l.topBar}>
        <Button variant="ghost" aria-label="Back" onClick={() => navigate(paths.profile)}>
          <Icon name="back" />
        </Button>
        <h1 className={l.topTitle}>My Groups</h1>
        <span style={{ width: 44 }} />
      </header>
      <Tabs label="Groups" tabs={TABS} value={tab} onChange={setTab}>
        <div className={l.section}>
          {tab === 'invites' ? (
            <LoadState state={invites} what="your invitations" empty="No pending invitations." onRetry={load}>
              {(list) => (
                <ul className={p.rows} aria-label="Group invites">
                  {list.map((invite) => (
                    <li key={invite.id} className={s.row}>
                      <span className={s.info}>
                        <span className={p.name} dir="auto">
                          {groupName(invite.channel_name)}
                        </span>
                        <span className={p.meta}>
                          {[
                            'Invited',
                            inviters.has(invite.invited_by) && `by ${inviters.get(invite.invited_by)}`,
                            shortDate(invite.created_at) && `on ${shortDate(invite.created_at)}`,
                          ]
                            .filter(Boolean)
                            .join(' ')}
                        </span>
                      </span>
                      <span className={s.buttons}>
                        <Button
                          small
                          aria-label={`Accept Invite: ${invite.channel_name}`}
                          loading={working === `accept:${invite.id}`}
                          onClick={() =>
                            act(
                              `accept:${invite.id}`,
                              () =>
                                api.POST('/api/v1/channel-invites/{id}/accept', {
                                  params: { path: { id: invite.id } },
                                }),
                              `You joined ${invite.channel_name}.`,
                            )
                          }
                        >
                          Accept Invite
                        </Button>
                        <Button
                          small
                          variant="ghost"
                          aria-label={`Decline invite: ${invite.channel_name}`}
                          loading={working === `decline:${invite.id}`}
                          onClick={() =>
                            act(
                              `decline:${invite.id}`,
                              () =>
                                api.POST('/api/v1/channel-invites/{id}/decline', {
                                  params: { path: { id: invite.id } },
                                }),
                              `Invitation to ${invite.channel_name} declined.`,
                            )
                          }
                        >
                          Decline
                        </Button>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </LoadState>
          ) : (
            <LoadState
              state={groups.owner === tab || groups.status === 'loading' ? groups : idle<Channel[]>()}
              what="your groups"
              empty={tab === 'active' ? 'You are not in any active group.' : 'No inactive groups.'}
              onRetry={load}
            >
              {groupRows}
            </LoadState>
          )}
        </div>
      </Tabs>
    </div>
  );
}
