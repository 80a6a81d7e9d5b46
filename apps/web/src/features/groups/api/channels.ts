import type { ApiError, Channel, ChannelInput, Message } from '@cohort/api';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  CHANNEL,
  CHANNEL_INVITES,
  CHANNEL_MEMBERS,
  type ChannelStatus,
  channelInit,
  invitesKey,
  MY_CHANNELS,
  noteMessage,
  patchChannel,
  removeChannel,
  setPinned,
  upsertChannel,
} from '@/lib/channel-cache.ts';
import { fromQuery } from '@/lib/loadable.ts';
import { messagesKey } from '@/lib/message-cache.ts';
import { useApi, useClient } from '@/lib/query.ts';
import { type ActionResult, fail, ok } from '@/lib/result.ts';

/**
 * The groups' queries and mutations. Every read is a query keyed by operation and parameters;
 * every write updates (or invalidates) exactly the cached groups it changed, through
 * lib/channel-cache.ts, so Chats, My Groups, the group profile and the open chat agree.
 */

/** GET /users/me/channels (optionally one status), most recently active first. */
export function useMyChannels(status?: ChannelStatus, enabled = true) {
  const api = useApi();
  const query = status
    ? // biome-ignore lint/correctness/useHookAtTopLevel: both branches make the same single useQuery call, so hook order never changes.
      api.useQuery('get', MY_CHANNELS, { params: { query: { status } } }, { enabled })
    : // biome-ignore lint/correctness/useHookAtTopLevel: as above.
      api.useQuery('get', MY_CHANNELS, undefined, { enabled });
  return { ...fromQuery(query, (e) => e.data), reload: () => void query.refetch() };
}

/** GET /channels/{id}: a group's profile (members, subgroups, counts). */
export function useChannel(id: string, enabled = true) {
  const query = useApi().useQuery('get', CHANNEL, channelInit(id), { enabled: enabled && id !== '' });
  return { ...fromQuery(query, (e) => e.data), reload: () => void query.refetch() };
}

/** GET /users/me/channel-invites: pending invitations. */
export function useChannelInvites(enabled = true) {
  const query = useApi().useQuery('get', CHANNEL_INVITES, undefined, { enabled });
  return { ...fromQuery(query, (e) => e.data), reload: () => void query.refetch() };
}

/**
 * The group writes as plain async functions resolving to `ActionResult`s (the screens' existing
 * shape: show `error.message`, keep the input); each writes its answer into the cache.
 */
export function useChannelActions() {
  const api = useClient();
  const qc = useQueryClient();
  const run = useCallback(
    async <T>(
      call: Promise<{ data?: object; error?: ApiError }>,
      then: (value: T) => void,
    ): Promise<ActionResult<T>> => {
      const r = await call;
      if (r.error) return fail(r.error);
      const value = (r.data as { data: T }).data;
      then(value);
      return ok(value);
    },
    [],
  );
  const path = (id: string) => ({ params: { path: { id } } });
  return {
    create: (input: ChannelInput) =>
      run(api.POST('/api/v1/users/channels/store', { body: input }), (c: Channel) => upsertChannel(qc, c)),
    leave: (id: string) =>
      run(api.POST('/api/v1/users/channels/{id}/leave', path(id)), () => {
        removeChannel(qc, id);
        // Its history is for members: Back to its chat reads again (and is refused) instead of showing it.
        qc.removeQueries({ queryKey: messagesKey(id) });
        // A subgroup's parent lists it with `is_member`: read the parent again if shown.
        void qc.invalidateQueries({ queryKey: ['get', CHANNEL] });
      }),
    join: (id: string) =>
      run(api.POST('/api/v1/channels/{id}/join', path(id)), (c: Channel) => {
        upsertChannel(qc, c);
        void qc.invalidateQueries({ queryKey: ['get', CHANNEL] });
        void qc.invalidateQueries({ queryKey: ['get', CHANNEL_MEMBERS, id] });
      }),
    addMembers: (id: string, userIds: string[]) =>
      run(api.POST('/api/v1/channels/{id}/members', { ...path(id), body: { user_ids: userIds } }), (c: Channel) => {
        upsertChannel(qc, c);
        void qc.invalidateQueries({ queryKey: ['get', CHANNEL, channelInit(id)] });
        void qc.invalidateQueries({ queryKey: ['get', CHANNEL_MEMBERS, id] });
      }),
    invite: (id: string, userIds: string[]) =>
      run(
        api.POST('/api/v1/channels/{id}/invites', { ...path(id), body: { user_ids: userIds } }),
        (_: unknown[]) => {},
      ),
    follow: (id: string, following: boolean) =>
      run(
        following
          ? api.POST('/api/v1/channels/{id}/follow', path(id))
          : api.DELETE('/api/v1/channels/{id}/follow', path(id)),
        (c: Channel) => upsertChannel(qc, c),
      ),
    reactivate: (id: string) =>
      run(api.POST('/api/v1/channels/{id}/reactivate', path(id)), (c: Channel) => upsertChannel(qc, c)),
    acceptInvite: (id: number) =>
      run(api.POST('/api/v1/channel-invites/{id}/accept', { params: { path: { id } } }), (c: Channel) => {
        upsertChannel(qc, c);
        void qc.invalidateQueries({ queryKey: invitesKey() });
        // The full list entry (last message, unread) comes with the list.
        void qc.invalidateQueries({ queryKey: ['get', MY_CHANNELS] });
      }),
    declineInvite: (id: number) =>
      run(api.POST('/api/v1/channel-invites/{id}/decline', { params: { path: { id } } }), () => {
        void qc.invalidateQueries({ queryKey: invitesKey() });
      }),
    markRead: (id: string) =>
      run(api.POST('/api/v1/channels/{id}/read', path(id)), () => patchChannel(qc, id, { unread_count: 0 })),
    setMuted: (id: string, muted: boolean) =>
      run(
        muted ? api.POST('/api/v1/channels/{id}/mute', path(id)) : api.DELETE('/api/v1/channels/{id}/mute', path(id)),
        (c: Channel) => patchChannel(qc, id, { is_muted: c.is_muted ?? muted }),
      ),
    pin: (id: string, message: Message) =>
      run(
        api.POST('/api/v1/channels/{id}/pin/{msgId}', { params: { path: { id, msgId: message.id } } }),
        (m: Message) => setPinned(qc, id, m),
      ),
    unpin: (id: string, message: Message) =>
      run(api.DELETE('/api/v1/channels/{id}/pin/{msgId}', { params: { path: { id, msgId: message.id } } }), () =>
        setPinned(qc, id, null),
      ),
    /** A message this tab sent or forwarded: the chat list shows it at once. */
    noteMessage: (message: Message) => noteMessage(qc, message),
  };
}

/** The signed-in user's groups, from the cache when fresh, else from the server (throws an ApiError). */
export function useReadMyChannels() {
  const api = useApi();
  const qc = useQueryClient();
  return useCallback(async () => (await qc.fetchQuery(api.queryOptions('get', MY_CHANNELS))).data, [api, qc]);
}
