import { useSetAtom } from 'jotai';
import * as cs from '@/components/ui/rows.css.ts';
import { Sheet } from '@/components/ui/Sheet.tsx';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import { groupProfilePath } from '@/config/paths.ts';
import { useChannelActions } from '../api/channels.ts';

/** The group profile's More sheet: copy the group's link, mark all as read. */
export function GroupMoreSheet({ id, member, onClose }: { id: string; member: boolean; onClose: () => void }) {
  const actions = useChannelActions();
  const toast = useSetAtom(showToastAtom);
  return (
    <Sheet title="More" onClose={onClose}>
      <ul className={cs.list} aria-label="More actions">
        <li>
          <button
            type="button"
            className={cs.actionRow}
            onClick={() => {
              onClose();
              void navigator.clipboard
                .writeText(`${window.location.origin}${groupProfilePath(id)}`)
                .then(() => toast({ tone: 'success', text: 'Group link copied.' }))
                .catch(() => toast({ tone: 'error', text: 'Could not copy: the browser refused clipboard access.' }));
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
                onClose();
                void actions
                  .markRead(id)
                  .then((r) =>
                    toast(
                      r.ok ? { tone: 'success', text: 'Marked as read.' } : { tone: 'error', text: r.error.message },
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
  );
}
