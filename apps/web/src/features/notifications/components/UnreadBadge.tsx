import * as l from '@/components/ui/layout.css.ts';
import { useUnreadCount } from '../api/notifications.ts';
import * as s from './notifications.css.ts';

/** The unread notifications count on the shell's Notifications tab (nothing when 0 or unknown). */
export function UnreadBadge() {
  const count = useUnreadCount();
  if (!count) return null;
  const shown = count > 99 ? '99+' : String(count);
  return (
    <span className={s.badge} data-testid="unread-notifications">
      {/* Read with the tab's label as "Alerts (3 unread)". */}
      <span aria-hidden="true">{shown}</span>
      <span className={l.visuallyHidden}> ({shown} unread)</span>
    </span>
  );
}
