import * as l from '@/components/ui/layout.css.ts';
import { Sheet } from '@/components/ui/Sheet.tsx';
import type { ChatItem } from '../chat-items.ts';
import * as s from './message-menu.css.ts';

export type MessageAction = 'reply' | 'copy' | 'pin' | 'link' | 'forward' | 'report' | 'select' | 'edit' | 'delete';

/** A message's actions (long press or its menu button). */
export function MessageMenu({
  item,
  pinned,
  canEdit,
  canDelete,
  onAction,
  onClose,
}: {
  item: ChatItem;
  pinned: boolean;
  /** My own message: Edit. Mine, or any in a group I created: Delete. */
  canEdit: boolean;
  canDelete: boolean;
  onAction: (action: MessageAction) => void;
  onClose: () => void;
}) {
  const actions = [
    ...(canEdit ? [['edit', 'Edit'] as const] : []),
    ...(canDelete ? [['delete', 'Delete'] as const] : []),
    ['reply', 'Reply'],
    ['copy', 'Copy'],
    ['pin', pinned ? 'Unpin' : 'Pin'],
    ['link', 'Copy Link'],
    ['forward', 'Forward'],
    ['report', 'Report'],
    ['select', 'Select'],
  ] as const;
  return (
    <Sheet title="Message" onClose={onClose}>
      <p className={l.muted}>{item.message.slice(0, 140) || 'Attachment'}</p>
      <ul className={s.menuList} aria-label="Message actions">
        {actions.map(([key, label]) => (
          <li key={key}>
            <button
              type="button"
              className={key === 'report' || key === 'delete' ? s.dangerItem : s.menuItem}
              onClick={() => onAction(key)}
            >
              {label}
            </button>
          </li>
        ))}
      </ul>
    </Sheet>
  );
}
