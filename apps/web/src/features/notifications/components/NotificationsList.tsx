import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button, Spinner } from '@/components/ui/Button.tsx';
import * as l from '@/components/ui/layout.css.ts';
import { chatTime, formatDate } from '@/lib/dates.ts';
import { initials, personName } from '@/lib/format.ts';
import { type Notification, useNotificationActions, useNotifications } from '../api/notifications.ts';
import { useResolveTarget } from '../api/target.ts';
import * as s from './notifications.css.ts';

function Row({ n, onOpen, gone }: { n: Notification; onOpen: (n: Notification) => void; gone?: string }) {
  const who = n.actor ? personName(n.actor) : null;
  return (
    <li>
      <button type="button" className={n.read_at ? s.item : s.unread} onClick={() => onOpen(n)}>
        <span className={s.photo} aria-hidden="true">
          {n.actor?.profile_image ? <img className={s.photo} src={n.actor.profile_image} alt="" /> : initials(who)}
        </span>
        <span className={s.body}>
          <span className={s.text} dir="auto">
            {n.text}
          </span>
          <time
            className={s.meta}
            dateTime={n.created_at}
            title={formatDate(n.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
          >
            {chatTime(n.created_at)}
          </time>
          {gone && (
            <span className={s.gone} role="status">
              {gone}
            </span>
          )}
        </span>
        {!n.read_at && (
          <span className={s.dot}>
            <span className={l.visuallyHidden}>Unread</span>
          </span>
        )}
      </button>
    </li>
  );
}

/**
 * My notifications, newest first, older pages on demand. Opening one marks it read and goes to
 * what it is about; something since deleted says so in place.
 */
export function NotificationsList() {
  const query = useNotifications();
  const { markRead } = useNotificationActions();
  const resolveTarget = useResolveTarget();
  const navigate = useNavigate();
  const [gone, setGone] = useState<Record<number, string>>({});
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];

  const open = async (n: Notification) => {
    void markRead(n);
    const target = await resolveTarget(n);
    if ('gone' in target) setGone((g) => ({ ...g, [n.id]: target.gone }));
    else navigate(target.to);
  };

  if (query.isPending) {
    return (
      <p className={`${l.muted} ${s.more}`}>
        <Spinner label="Loading notifications" /> Loading notifications…
      </p>
    );
  }
  if (query.isError && items.length === 0) {
    return (
      <div className={s.more}>
        <Alert onRetry={() => query.refetch()}>Could not load notifications: {(query.error as Error).message}</Alert>
      </div>
    );
  }
  if (items.length === 0) return <p className={`${l.muted} ${s.more}`}>Nothing yet. What happens to you shows here.</p>;
  return (
    <>
      <ul className={s.rows} aria-label="Notifications">
        {items.map((n) => (
          <Row key={n.id} n={n} onOpen={open} gone={gone[n.id]} />
        ))}
      </ul>
      <div className={s.more}>
        {query.isFetchNextPageError && (
          <Alert>Could not load older notifications: {(query.error as Error).message}</Alert>
        )}
        {query.hasNextPage && (
          <Button variant="secondary" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            Show older notifications
          </Button>
        )}
      </div>
    </>
  );
}
