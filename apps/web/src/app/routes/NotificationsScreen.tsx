import { NotificationsList } from '../../features/notifications/components/NotificationsList.tsx';
import { NotificationsToolbar } from '../../features/notifications/components/NotificationsToolbar.tsx';
import * as l from '../../ui/layout.css.ts';

/** /notifications: what happened to me, newest first; Invitations one tap away. */
export default function NotificationsScreen() {
  return (
    <div className={l.screen}>
      <header className={l.topBar}>
        <h1 className={l.topTitle}>Notifications</h1>
      </header>
      <NotificationsToolbar />
      <NotificationsList />
    </div>
  );
}
