import type { Channel, ChannelDetail } from '@cohort/api';
import { useQueries } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { personName } from '@/lib/format.ts';
import { useApi } from '@/lib/query.ts';
import type { ChannelChat } from './use-channel-chat.ts';

/**
 * What the chat screen shows about its group, from the group's profile, its row in my list and
 * the live chat: name source, member and online counts, the pinned message, members' names and photos.
 */
export function useChatMeta(
  channelId: string,
  myChannels: readonly Channel[] | undefined,
  detail: ChannelDetail | undefined,
  chat: ChannelChat,
  me: string | null,
) {
  const listed = myChannels?.find((c) => c.id === channelId);
  const channel: Channel | undefined = listed ?? detail;
  // Unknown (the profile failed and the group is not in the loaded list) shows no count rather than a wrong 0.
  const memberCount = detail?.member_count ?? listed?.users.length;
  const pinned = chat.pinned !== undefined ? chat.pinned : (channel?.pinned_message ?? null);
  const people = useMemo(() => new Map((detail?.members ?? []).map((m) => [m.id, m])), [detail]);
  // The group embeds only a sample of its members: a sender beyond it is read once, as their profile.
  const others = useMemo(() => {
    if (!detail) return [];
    const ids = new Set(chat.items.map((m) => m.sender_id).filter((id) => id !== me && !people.has(id)));
    return [...ids];
  }, [detail, chat.items, me, people]);
  const api = useApi();
  // Only the profiles read: `combine` keeps one array while none of them changes, so the lookups stay stable.
  const profiles = useQueries({
    queries: others.map((id) => ({
      ...api.queryOptions('get', '/api/v1/users/{id}', { params: { path: { id } } }),
      staleTime: 5 * 60_000,
    })),
    combine: (results) => results.map((r) => r.data?.data),
  });
  const known = useMemo(() => {
    const all = new Map<string, { first_name: string; last_name: string; profile_image: string | null }>(people);
    others.forEach((id, i) => {
      const profile = profiles[i];
      if (profile) all.set(id, profile);
    });
    return all;
  }, [people, others, profiles]);
  const nameOf = useCallback(
    (id: string) => {
      if (id === me) return 'You';
      const person = known.get(id);
      return person ? personName(person) : 'Member';
    },
    [me, known],
  );
  const photoOf = useCallback((id: string) => known.get(id)?.profile_image ?? null, [known]);
  const online = chat.online ?? detail?.online_count;
  return { channel, memberCount, pinned, nameOf, photoOf, online };
}
