import * as l from '../../../ui/layout.css.ts';
import { useUnreadCount } from '../api/notifications.ts';
import * as s from './notifications.css.ts';

/** The unread notifications count on the shell's Notifications tab (nothing when 0 or unknown). */
export function UnreadBadge() {
  const count = useUnreadCount();
  if (!count) return null;
  return (
    <span className={s.badge} data-testid="unread-notifications">
      {count > 99 ? '99+' : count}
      <span className={l.visuallyHidden}> unread</span>
    </span>
  );
}
