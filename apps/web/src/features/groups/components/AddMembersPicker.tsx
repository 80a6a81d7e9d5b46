import type { ChannelDetail, Friend } from '@cohort/api';
import { useMemo } from 'react';
import { MemberPicker } from '@/components/ui/MemberPicker.tsx';
import type { Loadable } from '@/lib/result.ts';
import { asApiError, useMembersAmong } from '../api/channel-members.ts';
import { MAX_MEMBERS } from '../group-form.ts';

/** Add Members from the group profile: my friends not yet in the group, plus people search. */
export function AddMembersPicker({
  group,
  friends,
  onRetryFriends,
  useSearch,
  busy,
  onBack,
  onAdd,
}: {
  group: ChannelDetail | null;
  friends: Loadable<Friend[]>;
  onRetryFriends: () => void;
  useSearch: Parameters<typeof MemberPicker>[0]['useSearch'];
  busy: boolean;
  onBack: () => void;
  onAdd: (ids: string[]) => void;
}) {
  // The group embeds only its first 20 members: which friends are members beyond them is asked.
  const friendIds = useMemo(() => (friends.data ?? []).map((f) => f.id), [friends.data]);
  const among = useMembersAmong(group, friendIds);
  const inGroup = useMemo(() => [...new Set([...(group?.users ?? []), ...(among.data ?? [])])], [group, among.data]);
  const notMembers = useMemo(
    () => (friends.data ?? []).filter((f) => !inGroup.includes(f.id)),
    [friends.data, inGroup],
  );
  const shownFriends: Loadable<Friend[]> =
    friends.data && among.isError
      ? { ...friends, status: 'error', data: undefined, error: asApiError(among.error) }
      : friends.data && !among.data
        ? { ...friends, status: 'loading', data: undefined }
        : { ...friends, data: friends.data ? notMembers : undefined };
  return (
    <MemberPicker
      max={MAX_MEMBERS}
      useSearch={useSearch}
      title="Add Members"
      friends={shownFriends}
      onRetryFriends={among.isError ? () => void among.refetch() : onRetryFriends}
      initial={[]}
      onBack={onBack}
      onNext={onAdd}
      nextLabel="Add"
      exclude={inGroup}
      busy={busy}
    />
  );
}
