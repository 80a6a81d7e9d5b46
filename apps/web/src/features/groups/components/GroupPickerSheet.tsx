import type { Channel } from '@cohort/api';
import { LoadState } from '@/components/ui/LoadState.tsx';
import * as s from '@/components/ui/people.css.ts';
import { Sheet } from '@/components/ui/Sheet.tsx';
import { memberCount } from '@/lib/format.ts';
import { useMyChannels } from '../api/channels.ts';

/** Choose one of my active groups (Invite to Group). `busy` is the group being acted on. */
export function GroupPickerSheet({
  title = 'Invite to Group',
  count,
  busy,
  onPick,
  onClose,
}: {
  title?: string;
  count: number;
  busy: string | null;
  onPick: (group: Channel) => void;
  onClose: () => void;
}) {
  const groups = useMyChannels('active');

  return (
    <Sheet title={title} onClose={onClose}>
      <p className={s.meta}>{count === 1 ? 'Invite 1 person' : `Invite ${count} people`} to one of your groups.</p>
      <LoadState state={groups} what="your groups" empty="You are not in any active group yet." onRetry={groups.reload}>
        {(list) => (
          <ul className={s.rows} aria-label="Your groups">
            {list.map((group) => (
              <li key={group.id} style={{ padding: '4px 0' }}>
                <button
                  type="button"
                  className={s.choice}
                  onClick={() => onPick(group)}
                  disabled={busy !== null}
                  aria-busy={busy === group.id || undefined}
                >
                  <span>{group.name}</span>
                  <span className={s.meta}>{memberCount(group.member_count ?? group.users.length)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </LoadState>
    </Sheet>
  );
}
