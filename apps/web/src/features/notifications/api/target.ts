import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { chatInboxPath, groupProfilePath, otherProfilePath, paths, postPath } from '@/config/paths.ts';
import { CHANNEL, channelInit } from '@/lib/channel-cache.ts';
import { type Api, useApi } from '@/lib/query.ts';
import type { Notification } from './notifications.ts';

/** Where a notification leads, or `gone` when what it is about no longer exists. */
export type Target = { to: string } | { gone: string };

/** The screen a notification is about, without asking the server (null: it needs a check). */
export function targetOf(n: Notification): { to: string; channel?: string } | { gone: string } {
  switch (n.kind) {
    case 'connection_invited':
    case 'connection_accepted':
      return n.actor ? { to: otherProfilePath(n.actor.id) } : { gone: 'This person is no longer on Cohort.' };
    case 'group_invited':
      return { to: `${paths.group}?tab=invites` };
    case 'group_added':
      return n.channel_id
        ? { to: groupProfilePath(n.channel_id), channel: n.channel_id }
        : { gone: 'This group is no longer available.' };
    case 'message_pinned':
      return n.channel_id
        ? {
            to: `${chatInboxPath(n.channel_id)}${n.message_id ? `&msg=${encodeURIComponent(n.message_id)}` : ''}`,
            channel: n.channel_id,
          }
        : { gone: 'This message is no longer available.' };
    case 'post_liked':
    case 'post_commented':
      // The post's comments sheet over the News Feed.
      return n.post_id ? { to: postPath(n.post_id) } : { gone: 'This post is no longer available.' };
    case 'call_missed':
      // The call history, where the missed call has its call-back buttons.
      return { to: paths.calls };
    default:
      return { gone: 'This is no longer available.' };
  }
}

/** Resolves a notification's target, reading its group first: a deleted group (404) is `gone`. */
export async function resolveTarget(api: Api, qc: QueryClient, n: Notification): Promise<Target> {
  const t = targetOf(n);
  if ('gone' in t || !t.channel) return t;
  try {
    await qc.fetchQuery(api.queryOptions('get', CHANNEL, channelInit(t.channel)));
    return { to: t.to };
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404 || status === 403) return { gone: 'This group is no longer available.' };
    return { to: t.to };
  }
}

/** `resolveTarget` bound to this app's query layer, for a list that opens notifications. */
export function useResolveTarget(): (n: Notification) => Promise<Target> {
  const api = useApi();
  const qc = useQueryClient();
  return useCallback((n: Notification) => resolveTarget(api, qc, n), [api, qc]);
}
