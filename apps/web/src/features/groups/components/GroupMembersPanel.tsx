import type { ChannelDetail, Schemas } from '@cohort/api';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button } from '@/components/ui/Button.tsx';
import * as l from '@/components/ui/layout.css.ts';
import * as cs from '@/components/ui/rows.css.ts';
import { otherProfilePath, paths } from '@/config/paths.ts';
import { formatDate, parseDate } from '@/lib/dates.ts';
import { initials, matches, personName } from '@/lib/format.ts';
import { useChannelMembers } from '../api/channel-members.ts';
import * as s from './group-profile.css.ts';

type Person = Schemas['PersonSummary'];
const ONLINE_MS = 5 * 60_000;

function lastSeen(person: Person, now = Date.now()): { online: boolean; text: string } {
  const date = parseDate(person.last_seen_at);
  if (!date) return { online: false, text: '' };
  if (now - date.getTime() < ONLINE_MS) return { online: true, text: 'online' };
  return { online: false, text: `last seen ${formatDate(person.last_seen_at, { day: 'numeric', month: 'short' })}` };
}

/**
 * The group profile's Members tab: who is in it (filtered by the header's search), and Add Members.
 * A member pages through everyone; anyone else sees the first 20 the group embeds.
 */
export function GroupMembersPanel({
  group,
  member,
  me,
  query,
  canAdd,
  onAdd,
}: {
  group: ChannelDetail;
  member: boolean;
  me: string | null | undefined;
  query: string;
  canAdd: boolean;
  onAdd: () => void;
}) {
  const pages = useChannelMembers(group.id, member);
  // The embedded sample shows at once; the pages replace it when they arrive.
  const loaded = member && pages.data ? pages.data.pages.flatMap((p) => p.data) : (group.members ?? []);
  const members = loaded.filter((p) => matches(`${p.first_name} ${p.last_name}`, query));
  const total = group.member_count;
  return (
    <div className={s.panel}>
      {/* A one-to-one chat stays two people (the server refuses more). */}
      {canAdd && (
        <Button variant="secondary" onClick={onAdd}>
          Add Members
        </Button>
      )}
      {members.length === 0 && query !== '' && <p className={l.muted}>No members match “{query}”.</p>}
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
      {loaded.length < total && (
        <p className={l.muted} aria-live="polite">
          Showing {loaded.length} of {total} members{member ? '' : ' (members see everyone)'}.
        </p>
      )}
      {member && pages.isError && (
        <Alert onRetry={() => void (pages.isFetchNextPageError ? pages.fetchNextPage() : pages.refetch())}>
          Could not load the members: {(pages.error as Error).message}
        </Alert>
      )}
      {member && pages.hasNextPage && !pages.isFetchNextPageError && (
        <Button variant="secondary" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          Show more members
        </Button>
      )}
    </div>
  );
}
