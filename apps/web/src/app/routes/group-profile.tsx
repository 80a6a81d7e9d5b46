import type { Schemas } from '@cohort/api';
import { useAtomValue, useSetAtom } from 'jotai';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, Spinner } from '../../components/ui/Button.tsx';
import { Icon } from '../../components/ui/Icon.tsx';
import * as l from '../../components/ui/layout.css.ts';
import { MemberPicker } from '../../components/ui/MemberPicker.tsx';
import { isNotFound, NotFound } from '../../components/ui/NotFound.tsx';
import { RenderGuard } from '../../components/ui/RenderGuard.tsx';
import * as cs from '../../components/ui/rows.css.ts';
import { Sheet } from '../../components/ui/Sheet.tsx';
import { Tabs } from '../../components/ui/Tabs.tsx';
import { showToastAtom } from '../../components/ui/toast-state.ts';
import { chatInboxPath, groupProfilePath, otherProfilePath, paths } from '../../config/paths.ts';
import { useFriends } from '../../features/directory/api/friends.ts';
import { usePeopleSearch } from '../../features/directory/api/search.ts';
import {
  useChannel,
  useChannelActions,
  useChannelMessages,
  useMyChannels,
} from '../../features/groups/api/channels.ts';
import { channelMedia } from '../../features/groups/channel-media.ts';
import * as s from '../../features/groups/components/GroupProfile.css.ts';
import { MAX_MEMBERS } from '../../features/groups/group-form.ts';
import { sessionAtom } from '../../lib/auth.ts';
import { formatDate, parseDate } from '../../lib/dates.ts';
import { groupName, initials, matches, personName } from '../../lib/format.ts';
import { useBack } from '../../lib/use-back.ts';

type Person = Schemas['PersonSummary'];

const TABS = [
  { key: 'members', label: 'Members' },
  { key: 'subgroup', label: 'SubGroup' },
  { key: 'media', label: 'Media' },
  { key: 'files', label: 'Files' },
  { key: 'link', label: 'Link' },
  { key: 'gif', label: 'GIF' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

const ONLINE_MS = 5 * 60_000;
const MEDIA_PAGE = 100;

function lastSeen(person: Person, now = Date.now()): { online: boolean; text: string } {
  const date = parseDate(person.last_seen_at);
  if (!date) return { online: false, text: '' };
  if (now - date.getTime() < ONLINE_MS) return { online: true, text: 'online' };
  return { online: false, text: `last seen ${formatDate(person.last_seen_at, { day: 'numeric', month: 'short' })}` };
}

/** A subgroup named after its main group ("Climate Founders — Hardware") shows the part that tells it apart. */
export function subgroupLabel(name: string, parent: string): string {
  for (const sep of [' — ', ' - ', ': ']) {
    const prefix = `${parent}${sep}`;
    if (name.startsWith(prefix) && name.length > prefix.length) return name.slice(prefix.length);
  }
  return name;
}

/** /group-profile?id=chan_…: a group's profile, members, subgroups and what was shared in it. */
export default function GroupProfileScreen() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const me = useAtomValue(sessionAtom)?.id;
  const channels = useMyChannels();
  const friends = useFriends();
  const loadFriends = friends.load;
  const actions = useChannelActions();
  const back = useBack(paths.chats);
  const toast = useSetAtom(showToastAtom);
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
  // The shared-content tabs read the latest messages once one of them is opened.
  const needsMessages = tab === 'media' || tab === 'files' || tab === 'link';
  const shared = useChannelMessages(id, MEDIA_PAGE, needsMessages && member);
  const { messages, error: mediaError } = shared;
  const media = useMemo(() => channelMedia(messages ?? []), [messages]);

  const leave = async (channelId: string, after: 'chats' | 'reload') => {
    setBusy(channelId);
    const r = await actions.leave(channelId);
    setBusy(null);
    if (!r.ok) return toast({ tone: 'error', text: `Could not leave: ${r.error.message}` });
    if (after === 'chats') navigate(paths.chats);
    else {
      toast({ tone: 'success', text: 'You left the subgroup.' });
      void load();
    }
  };

  const join = async (channelId: string) => {
    setBusy(channelId);
    const r = await actions.join(channelId);
    setBusy(null);
    if (!r.ok) return toast({ tone: 'error', text: `Could not join: ${r.error.message}` });
    toast({ tone: 'success', text: `You joined ${r.value.name}.` });
  };

  const addMembers = async (userIds: string[]) => {
    setBusy('add');
    const r = await actions.addMembers(id, userIds);
    setBusy(null);
    if (!r.ok) return toast({ tone: 'error', text: `Could not add members: ${r.error.message}` });
    setSheet('none');
    toast({ tone: 'success', text: userIds.length === 1 ? 'Member added.' : `${userIds.length} members added.` });
  };

  const toggleFollow = async () => {
    setBusy('follow');
    const r = await actions.follow(id, !detail?.is_following);
    setBusy(null);
    if (!r.ok) return toast({ tone: 'error', text: `Could not change following: ${r.error.message}` });
    toast({
      tone: 'success',
      text: r.value.is_following ? `You follow ${r.value.name}.` : `You no longer follow ${r.value.name}.`,
    });
  };

  const toggleMute = async () => {
    const r = await actions.setMuted(id, !muted);
    if (!r.ok) return toast({ tone: 'error', text: `Could not change notifications: ${r.error.message}` });
    toast({ tone: 'success', text: r.value.is_muted ? 'Notifications muted.' : 'Notifications on.' });
  };

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
          <section className={s.hero} aria-label="Group">
            <span className={s.avatar} aria-hidden="true">
              {initials(detail.name)}
            </span>
            <h2 className={s.name} dir="auto">
              {groupName(detail.name)}
            </h2>
            <p className={s.meta}>
              {detail.member_count.toLocaleString()} members · {detail.online_count.toLocaleString()} online
            </p>
            {member && !detail.is_direct && (
              <Button
                small
                variant={detail.is_following ? 'primary' : 'secondary'}
                aria-pressed={detail.is_following ?? false}
                loading={busy === 'follow'}
                onClick={() => void toggleFollow()}
              >
                {detail.is_following ? 'Following' : 'Follow'}
              </Button>
            )}
          </section>

          <div className={s.actions}>
            {member ? (
              <Link to={chatInboxPath(id)} className={s.action}>
                <Icon name="chats" />
                Chat
              </Link>
            ) : (
              <button type="button" className={s.action} onClick={() => void join(id)} disabled={busy === id}>
                <Icon name="chats" />
                Join
              </button>
            )}
            <button
              type="button"
              className={s.action}
              aria-pressed={muted}
              onClick={() => void toggleMute()}
              disabled={!member}
            >
              <Icon name={muted ? 'bellOff' : 'bell'} />
              {muted ? 'Unmute' : 'Mute'}
            </button>
            <button
              type="button"
              className={s.action}
              aria-pressed={searching}
              onClick={() => {
                setSearching((v) => !v);
                setTab('members');
                setQuery('');
              }}
            >
              <Icon name="search" />
              Search
            </button>
            <button type="button" className={s.dangerAction} onClick={() => setSheet('leave')} disabled={!member}>
              <Icon name="leave" />
              Leave
            </button>
            <button type="button" className={s.action} onClick={() => setSheet('more')}>
              <Icon name="more" />
              More
            </button>
          </div>

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
              <div className={s.panel}>
                {/* A one-to-one chat stays two people (the server refuses more). */}
                {member && !detail.is_direct && (
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setSheet('add');
                      if (friends.status !== 'ready') void loadFriends();
                    }}
                  >
                    Add Members
                  </Button>
                )}
                {members.length === 0 && <p className={l.muted}>No members match “{query}”.</p>}
                <ul className={cs.list} aria-label="Members">
                  {members.map((p) => {
                    const seen = lastSeen(p);
                    const name = personName(p);
                    return (
                      <li key={p.id}>
                        <Link to={p.id === me ? paths.profile : otherProfilePath(p.id)} className={cs.row}>
                          <span className={cs.avatar} aria-hidden="true">
                            {initials(personName(p, ''))}
                          </span>
                          <span className={cs.rowMain}>
                            <span className={cs.name} dir="auto">
                              {p.id === me ? `${name} (you)` : name}
                            </span>
                            <span className={cs.preview} dir="auto">
                              {[p.program, p.university].filter(Boolean).join(' · ') || ' '}
                            </span>
                          </span>
                          <span className={seen.online ? s.online : cs.muted}>{seen.text}</span>
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </div>
            )}
            {tab === 'subgroup' && (
              <div className={s.panel}>
                {detail.subgroups.length === 0 && <p className={l.muted}>This group has no subgroups.</p>}
                <ul className={cs.list} aria-label="Subgroups">
                  {detail.subgroups.map((sub) => (
                    <li key={sub.id} className={cs.row} style={{ cursor: 'default' }}>
                      <span className={cs.avatar} aria-hidden="true">
                        {initials(sub.name)}
                      </span>
                      <span className={cs.rowMain}>
                        <Link
                          to={groupProfilePath(sub.id)}
                          className={cs.name}
                          style={{ color: 'inherit' }}
                          dir="auto"
                          aria-label={sub.name}
                        >
                          {groupName(subgroupLabel(sub.name, detail.name))}
                        </Link>
                        <span className={cs.preview}>
                          {sub.member_count.toLocaleString()} members ·{' '}
                          {sub.expires_year ? `Expires ${sub.expires_year}` : 'No expiry'}
                        </span>
                      </span>
                      <span className={s.rowEnd}>
                        {sub.is_member ? (
                          <>
                            <span className={cs.muted}>You are a member</span>
                            <Button
                              small
                              variant="danger"
                              loading={busy === sub.id}
                              onClick={() => void leave(sub.id, 'reload')}
                              aria-label={`Leave group ${sub.name}`}
                            >
                              LEAVE GROUP
                            </Button>
                          </>
                        ) : sub.is_closed || sub.is_open === false ? (
                          <span className={cs.muted}>Invitation only</span>
                        ) : (
                          <Button
                            small
                            loading={busy === sub.id}
                            onClick={() => void join(sub.id)}
                            aria-label={`Join ${sub.name}`}
                          >
                            JOIN
                          </Button>
                        )}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {needsMessages && !member && <p className={l.muted}>Join the group to see what its members shared.</p>}
            {needsMessages && member && mediaError && (
              <Alert
                action={
                  <Button small variant="secondary" onClick={shared.reload}>
                    Retry
                  </Button>
                }
              >
                Could not load the messages: {mediaError}
              </Alert>
            )}
            {needsMessages && member && !messages && !mediaError && <p className={l.muted}>Loading…</p>}
            {tab === 'media' && messages && (
              <div className={s.panel}>
                {media.images.length === 0 ? (
                  <p className={l.muted}>No photos in the latest {MEDIA_PAGE} messages.</p>
                ) : (
                  <div className={s.mediaGrid}>
                    {media.images.map((img) => (
                      <RenderGuard key={`${img.messageId}-${img.url}`} fallback={<span className={s.mediaItem} />}>
                        <a href={img.url} target="_blank" rel="noreferrer" className={s.mediaItem}>
                          <img src={img.url} alt="Shared in the group" className={s.mediaItem} loading="lazy" />
                        </a>
                      </RenderGuard>
                    ))}
                  </div>
                )}
              </div>
            )}
            {tab === 'files' && messages && (
              <div className={s.panel}>
                {media.files.length === 0 ? (
                  <p className={l.muted}>No files in the latest {MEDIA_PAGE} messages.</p>
                ) : (
                  <ul className={cs.list} aria-label="Files">
                    {media.files.map((f) => (
                      <li key={`${f.messageId}-${f.url}`}>
                        <RenderGuard fallback={<p className={l.muted}>This file can't be shown.</p>}>
                          <a href={f.url} target="_blank" rel="noreferrer" className={cs.row}>
                            <Icon name="file" />
                            <span className={cs.name} dir="auto">
                              {f.name}
                            </span>
                          </a>
                        </RenderGuard>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            )}
            {tab === 'link' && messages && (
              <div className={s.panel}>
                {media.links.length === 0 ? (
                  <p className={l.muted}>No links in the latest {MEDIA_PAGE} messages.</p>
                ) : (
                  <ul className={cs.list} aria-label="Links">
                    {media.links.map((link) => (
                      <li key={`${link.messageId}-${link.url}`} style={{ padding: '8px 0' }}>
                        <RenderGuard fallback={<p className={l.muted}>This link can't be shown.</p>}>
                          <a href={link.url} target="_blank" rel="noreferrer" className={s.link}>
                            {link.url}
                          </a>
                        </RenderGuard>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
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
      {sheet === 'more' && detail && (
        <Sheet title="More" onClose={() => setSheet('none')}>
          <ul className={cs.list} aria-label="More actions">
            <li>
              <button
                type="button"
                className={cs.actionRow}
                onClick={() => {
                  setSheet('none');
                  void navigator.clipboard
                    .writeText(`${window.location.origin}${groupProfilePath(id)}`)
                    .then(() => toast({ tone: 'success', text: 'Group link copied.' }))
                    .catch(() =>
                      toast({ tone: 'error', text: 'Could not copy: the browser refused clipboard access.' }),
                    );
                }}
              >
                Copy group link
              </button>
            </li>
            {member && (
              <li>
                <button
                  type="button"
                  className={cs.actionRow}
                  onClick={() => {
                    setSheet('none');
                    void actions
                      .markRead(id)
                      .then((r) =>
                        toast(
                          r.ok
                            ? { tone: 'success', text: 'Marked as read.' }
                            : { tone: 'error', text: r.error.message },
                        ),
                      );
                  }}
                >
                  Mark all as read
                </button>
              </li>
            )}
          </ul>
        </Sheet>
      )}
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
