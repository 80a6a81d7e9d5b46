import * as l from '../../components/ui/layout.css.ts';
import { ScreenHeader } from '../../components/ui/ScreenHeader.tsx';
import { NotificationsList } from '../../features/notifications/components/NotificationsList.tsx';
import { NotificationsToolbar } from '../../features/notifications/components/NotificationsToolbar.tsx';

/** /notifications: what happened to me, newest first; Invitations one tap away. */
export default function NotificationsScreen() {
  return (
    <div className={l.screen}>
      <ScreenHeader title="Notifications" />
      <NotificationsToolbar />
      <NotificationsList />
    </div>
  );
}
