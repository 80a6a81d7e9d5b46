import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { MarkAllRead } from '../../features/notifications/components/MarkAllRead.tsx';
import { NotificationsList } from '../../features/notifications/components/NotificationsList.tsx';
import * as b from '../../ui/Button.css.ts';
import * as l from '../../ui/layout.css.ts';

/** /notifications: what happened to me, newest first; Invitations one tap away. */
export default function NotificationsScreen() {
  return (
    <div className={l.screen}>
      <header className={l.topBar}>
        <Link to={`${paths.connections}?tab=received`} className={`${b.variant.ghost} ${b.small}`}>
          Invitations
        </Link>
        <h1 className={l.topTitle}>Notifications</h1>
        <MarkAllRead />
      </header>
      <NotificationsList />
    </div>
  );
}
