import type { Schemas } from '@cohort/api';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button.tsx';
import * as l from '@/components/ui/layout.css.ts';
import * as cs from '@/components/ui/rows.css.ts';
import { otherProfilePath, paths } from '@/config/paths.ts';
import { formatDate, parseDate } from '@/lib/dates.ts';
import { initials, personName } from '@/lib/format.ts';
import * as s from './group-profile.css.ts';

type Person = Schemas['PersonSummary'];
const ONLINE_MS = 5 * 60_000;

function lastSeen(person: Person, now = Date.now()): { online: boolean; text: string } {
  const date = parseDate(person.last_seen_at);
  if (!date) return { online: false, text: '' };
  if (now - date.getTime() < ONLINE_MS) return { online: true, text: 'online' };
  return { online: false, text: `last seen ${formatDate(person.last_seen_at, { day: 'numeric', month: 'short' })}` };
}

/** The group profile's Members tab: who is in it (filtered by the header's search), and Add Members. */
export function GroupMembersPanel({
  members,
  me,
  query,
  canAdd,
  onAdd,
}: {
  members: Person[];
  me: string | null | undefined;
  query: string;
  canAdd: boolean;
  onAdd: () => void;
}) {
  return (
    <div className={s.panel}>
      {/* A one-to-one chat stays two people (the server refuses more). */}
      {canAdd && (
        <Button variant="secondary" onClick={onAdd}>
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
  );
}
