import type { Channel, ChannelDetail } from '@cohort/api';
import { useCallback, useMemo } from 'react';
import { personName } from '@/lib/format.ts';
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
  const names = useMemo(() => new Map((detail?.members ?? []).map((m) => [m.id, personName(m)])), [detail]);
  const nameOf = useCallback((id: string) => (id === me ? 'You' : (names.get(id) ?? 'Member')), [me, names]);
  const photos = useMemo(() => new Map((detail?.members ?? []).map((m) => [m.id, m.profile_image ?? null])), [detail]);
  const photoOf = useCallback((id: string) => photos.get(id) ?? null, [photos]);
  const online = chat.online ?? detail?.online_count;
  return { channel, memberCount, pinned, nameOf, photoOf, online };
}
