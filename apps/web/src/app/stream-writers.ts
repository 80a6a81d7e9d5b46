import type { QueryClient } from '@tanstack/react-query';
import { applyCallEvent, CALLS } from '../features/calls/api/calls.ts';
import { deliverSignal } from '../features/calls/signals.ts';
import { applyMessageUpdate } from '../features/chat/api/message-edits.ts';
import { connectionsChanged } from '../features/connections/api/connections.ts';
import { applyFeedEvent, refetchFeed } from '../features/feed/feed-events.ts';
import { applyNotificationEvent, NOTIFICATIONS } from '../features/notifications/api/notifications.ts';
import { applyStoryEvent, refetchStories } from '../features/stories/api/stories.ts';
import type { EventWriter } from '../lib/live-updates.ts';
import { queryKey } from '../lib/query.ts';

/** What the features write into the cache from the user stream, beside the groups' own events. */
export const streamWriters: readonly EventWriter[] = [
  (qc, e) => {
    if (e.event === 'connection') connectionsChanged(qc);
    else if (e.event === 'notification') applyNotificationEvent(qc, e.data);
    else if (e.event === 'message_updated') applyMessageUpdate(qc, e.data.message, e.data.channel_id);
    else if (e.event === 'call') applyCallEvent(qc, e.data);
    else if (e.event === 'call_signal') deliverSignal(e.data);
    else if (e.event === 'story') applyStoryEvent(qc, e.data);
  },
  applyFeedEvent,
];

/** After a reconnect events may have been missed: read the connections, notifications, calls, feed and stories again. */
export function refetchFeatures(qc: QueryClient): void {
  connectionsChanged(qc);
  void qc.invalidateQueries({ queryKey: queryKey(NOTIFICATIONS) });
  void qc.invalidateQueries({ queryKey: queryKey(CALLS) });
  refetchFeed(qc);
  refetchStories(qc);
}
