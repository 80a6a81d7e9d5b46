import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import { useNotificationActions, useUnreadCount } from '../api/notifications.ts';

/** "Mark all read", shown while something is unread. */
export function MarkAllRead() {
  const count = useUnreadCount();
  const { markAllRead } = useNotificationActions();
  const toast = useSetAtom(showToastAtom);
  const [busy, setBusy] = useState(false);
  if (!count) return null;
  return (
    <Button
      small
      variant="secondary"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        const error = await markAllRead();
        setBusy(false);
        if (error) toast({ tone: 'error', text: `Could not mark all read: ${error.message}` });
      }}
    >
      Mark all read
    </Button>
  );
}
