import type { ReactNode } from 'react';
import { ScreenHeader } from '@/components/ui/ScreenHeader.tsx';
import { groupProfilePath } from '@/config/paths.ts';
import { memberCount as formatMembers } from '@/lib/format.ts';

/** The chat's top bar: Back, the group's name and counts (a link to its profile), and its actions. */
export function ChatHeader({
  channelId,
  name,
  memberCount,
  online,
  onBack,
  actions,
}: {
  channelId: string;
  name: string;
  /** Unknown (the profile failed and the group is not in the loaded list) shows no count rather than a wrong 0. */
  memberCount: number | undefined;
  online: number | undefined;
  onBack: () => void;
  /** The right of the bar (a one-to-one chat's call buttons). */
  actions?: ReactNode;
}) {
  return (
    <ScreenHeader
      title={name}
      subtitle={[memberCount !== undefined && formatMembers(memberCount), online !== undefined && `${online} online`]
        .filter(Boolean)
        .join(' · ')}
      titleTo={groupProfilePath(channelId)}
      titleHint="Group profile"
      onBack={onBack}
      actions={actions}
    />
  );
}
