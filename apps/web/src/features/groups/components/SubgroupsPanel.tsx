import type { ChannelDetail } from '@cohort/api';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button.tsx';
import * as l from '@/components/ui/layout.css.ts';
import * as cs from '@/components/ui/rows.css.ts';
import { groupProfilePath } from '@/config/paths.ts';
import { groupName, initials, memberCount } from '@/lib/format.ts';
import * as s from './group-profile.css.ts';

/** A subgroup named after its main group ("Climate Founders — Hardware") shows the part that tells it apart. */
export function subgroupLabel(name: string, parent: string): string {
  for (const sep of [' — ', ' - ', ': ']) {
    const prefix = `${parent}${sep}`;
    if (name.startsWith(prefix) && name.length > prefix.length) return name.slice(prefix.length);
  }
  return name;
}

/** The group profile's SubGroup tab: each subgroup with Join, Leave, or "Invitation only". */
export function SubgroupsPanel({
  group: detail,
  busy,
  onLeave,
  onJoin,
}: {
  group: ChannelDetail;
  busy: string | null;
  onLeave: (id: string) => void;
  onJoin: (id: string) => void;
}) {
  return (
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
                {memberCount(sub.member_count)} · {sub.expires_year ? `Expires ${sub.expires_year}` : 'No expiry'}
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
                    onClick={() => onLeave(sub.id)}
                    aria-label={`Leave group ${sub.name}`}
                  >
                    LEAVE GROUP
                  </Button>
                </>
              ) : sub.is_closed || sub.is_open === false ? (
                <span className={cs.muted}>Invitation only</span>
              ) : (
                <Button small loading={busy === sub.id} onClick={() => onJoin(sub.id)} aria-label={`Join ${sub.name}`}>
                  JOIN
                </Button>
              )}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
