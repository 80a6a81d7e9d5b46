import * as l from '../../components/ui/layout.css.ts';
import { NotificationsList } from '../../features/notifications/components/NotificationsList.tsx';
import { NotificationsToolbar } from '../../features/notifications/components/NotificationsToolbar.tsx';

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
