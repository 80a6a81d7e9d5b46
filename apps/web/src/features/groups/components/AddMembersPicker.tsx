import type { ChannelDetail, Friend } from '@cohort/api';
import { useMemo } from 'react';
import { MemberPicker } from '@/components/ui/MemberPicker.tsx';
import type { Loadable } from '@/lib/result.ts';
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
  const inGroup = group?.users ?? [];
  const notMembers = useMemo(
    () => (friends.data ?? []).filter((f) => !inGroup.includes(f.id)),
    [friends.data, inGroup],
  );
  return (
    <MemberPicker
      max={MAX_MEMBERS}
      useSearch={useSearch}
      title="Add Members"
      friends={{ ...friends, data: friends.data ? notMembers : undefined }}
      onRetryFriends={onRetryFriends}
      initial={[]}
      onBack={onBack}
      onNext={onAdd}
      nextLabel="Add"
      exclude={inGroup}
      busy={busy}
    />
  );
}
