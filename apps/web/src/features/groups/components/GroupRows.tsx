import type { Channel } from '@cohort/api';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button.tsx';
import * as p from '@/components/ui/people.css.ts';
import { paths } from '@/config/paths.ts';
import { groupName, memberCount } from '@/lib/format.ts';
import * as s from './group.css.ts';

/** My Groups' rows: each group with Follow and its Active badge, or (inactive) Reactivate. */
export function GroupRows({
  list,
  tab,
  working,
  onFollow,
  onReactivate,
}: {
  list: Channel[];
  tab: 'active' | 'inactive';
  /** The row action under way (`follow:<id>`, `reactivate:<id>`). */
  working: string | null;
  onFollow: (group: Channel) => void;
  onReactivate: (group: Channel) => void;
}) {
  return (
    <ul className={p.rows} aria-label={tab === 'active' ? 'My groups' : 'Inactive groups'}>
      {list.map((group) => (
        <li key={group.id} className={s.row}>
          <span className={s.info}>
            <Link className={s.link} to={`${paths.groupProfile}?id=${encodeURIComponent(group.id)}`} dir="auto">
              {groupName(group.name)}
            </Link>
            <span className={p.meta}>{memberCount(group.member_count ?? group.users.length)}</span>
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
                  onClick={() => onFollow(group)}
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
                onClick={() => onReactivate(group)}
              >
                Reactivate
              </Button>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
