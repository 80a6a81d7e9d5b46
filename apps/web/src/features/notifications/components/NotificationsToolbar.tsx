import { Link } from 'react-router';
import * as b from '@/components/ui/Button.css.ts';
import { paths } from '@/config/paths.ts';
import { MarkAllRead } from './MarkAllRead.tsx';
import * as s from './notifications.css.ts';

/** Under the title: the way to Invitations, and Mark all read while something is unread. */
export function NotificationsToolbar() {
  return (
    <div className={s.toolbar}>
      <Link to={`${paths.connections}?tab=received`} className={`${b.variant.secondary} ${b.small}`}>
        Invitations
      </Link>
      <MarkAllRead />
    </div>
  );
}
