import type { CohortClient, UserStreamEvent } from '@cohort/api';
import type { QueryClient } from '@tanstack/react-query';
import {
  invitesKey,
  memberChanged,
  noteMessage,
  refetchChannels,
  removeChannel,
  setPinned,
  upsertChannel,
} from './channel-cache.ts';
import { upsertMessages } from './message-cache.ts';
import { patchPerson } from './person-cache.ts';

/** A feature's own writer of stream events into the cache (connections, notifications, edits); `me` is the signed-in user. */
export type EventWriter = (qc: QueryClient, e: UserStreamEvent, me: string | null) => void;

/**
 * One user stream (`streamMe`) per signed-in tab, shared by every screen: each event is written
 * into the query cache (chat list's last message and unread badge, pin banner, member names and
 * counts, invitations, groups joined elsewhere, a cached chat's messages). After a reconnect the
 * lists are read again.
 */
export function startLiveUpdates(
  client: CohortClient,
  qc: QueryClient,
  me: string | null,
  writers: readonly EventWriter[] = [],
  onReconnect: (qc: QueryClient) => void = () => {},
): () => void {
  return client.stream(
    '/api/v1/users/me/stream',
    {},
    {
      onOpen: ({ reconnected }) => {
        if (!reconnected) return;
        refetchChannels(qc);
        onReconnect(qc);
      },
      onEvent: (e) => {
        applyUserEvent(qc, me, e);
        for (const write of writers) write(qc, e, me);
      },
    },
  );
}

export function applyUserEvent(qc: QueryClient, me: string | null, e: UserStreamEvent): void {
  switch (e.event) {
    case 'message':
      noteMessage(qc, { ...e.data.message, channel_id: e.data.channel_id }, e.data.unread_count);
      upsertMessages(qc, e.data.channel_id, [e.data.message]);
      break;
    case 'pin':
      setPinned(qc, e.data.channel_id, e.data.message);
      break;
    case 'member':
      if (e.data.user.id === me && e.data.change === 'left') removeChannel(qc, e.data.channel_id);
      else memberChanged(qc, e.data.channel_id, e.data.change, e.data.user, e.data.member_count);
      break;
    case 'invite':
      void qc.invalidateQueries({ queryKey: invitesKey() });
      break;
    case 'channel':
      upsertChannel(qc, e.data);
      break;
    case 'person':
      patchPerson(qc, e.data);
      break;
  }
}
