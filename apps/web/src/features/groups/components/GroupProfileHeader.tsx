import type { ChannelDetail } from '@cohort/api';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button.tsx';
import { Icon } from '@/components/ui/Icon.tsx';
import { chatInboxPath } from '@/config/paths.ts';
import { groupName, initials, memberCount } from '@/lib/format.ts';
import * as s from './group-profile.css.ts';

/** The group profile's hero (name, counts, Follow) and its action row (Chat or Join, Mute, Search, Leave, More). */
export function GroupProfileHeader({
  group: detail,
  member,
  muted,
  busy,
  searching,
  onFollow,
  onJoin,
  onMute,
  onSearch,
  onLeave,
  onMore,
}: {
  group: ChannelDetail;
  member: boolean;
  muted: boolean;
  busy: string | null;
  searching: boolean;
  onFollow: () => void;
  onJoin: () => void;
  onMute: () => void;
  onSearch: () => void;
  onLeave: () => void;
  onMore: () => void;
}) {
  return (
    <>
      <section className={s.hero} aria-label="Group">
        <span className={s.avatar} aria-hidden="true">
          {initials(detail.name)}
        </span>
        <h2 className={s.name} dir="auto">
          {groupName(detail.name)}
        </h2>
        <p className={s.meta}>
          {memberCount(detail.member_count)} · {detail.online_count.toLocaleString()} online
        </p>
        {member && !detail.is_direct && (
          <Button
            small
            variant={detail.is_following ? 'primary' : 'secondary'}
            aria-pressed={detail.is_following ?? false}
            loading={busy === 'follow'}
            onClick={onFollow}
          >
            {detail.is_following ? 'Following' : 'Follow'}
          </Button>
        )}
      </section>

      <div className={s.actions}>
        {member ? (
          <Link to={chatInboxPath(detail.id)} className={s.action}>
            <Icon name="chats" />
            Chat
          </Link>
        ) : (
          <button type="button" className={s.action} onClick={onJoin} disabled={busy === detail.id}>
            <Icon name="chats" />
            Join
          </button>
        )}
        <button type="button" className={s.action} aria-pressed={muted} onClick={onMute} disabled={!member}>
          <Icon name={muted ? 'bellOff' : 'bell'} />
          {muted ? 'Unmute' : 'Mute'}
        </button>
        <button type="button" className={s.action} aria-pressed={searching} onClick={onSearch}>
          <Icon name="search" />
          Search
        </button>
        <button type="button" className={s.dangerAction} onClick={onLeave} disabled={!member}>
          <Icon name="leave" />
          Leave
        </button>
        <button type="button" className={s.action} onClick={onMore}>
          <Icon name="more" />
          More
        </button>
      </div>
    </>
  );
}
