import type { Channel } from '@cohort/api';
import type { Loadable } from '@/lib/result.ts';
import { useChannelInvites, useMyChannels } from '../api/channels.ts';

/** 'n Pending', 'n Active', 'n Inactive' from the invitations and my groups, once both are in. */
function groupCounts(
  groups: Loadable<Channel[]>,
  invites: Loadable<unknown[]>,
): Loadable<{ pending: number; active: number; inactive: number }> {
  const error = groups.error ?? invites.error;
  if (groups.status === 'error' || invites.status === 'error')
    return { status: 'error', data: undefined, error, owner: 'me' };
  if (groups.status !== 'ready' || invites.status !== 'ready' || !groups.data || !invites.data) {
    return { status: 'loading', data: undefined, error: null, owner: 'me' };
  }
  return {
    status: 'ready',
    data: {
      pending: invites.data.length,
      active: groups.data.filter((c) => c.status !== 'inactive').length,
      inactive: groups.data.filter((c) => c.status === 'inactive').length,
    },
    error: null,
    owner: 'me',
  };
}

/**
 * The More menu's counts: from the same queries My Groups shows (kept current by mutations and the
 * live stream), read while `open`; while they reload, old numbers are not shown.
 */
export function useGroupCounts(open: boolean) {
  const groups = useMyChannels(undefined, open);
  const invites = useChannelInvites(open);
  return {
    counts: groupCounts(groups, invites),
    reload: () => {
      groups.reload();
      invites.reload();
    },
  };
}
