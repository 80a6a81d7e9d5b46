import { ActionSheet } from '@/components/ui/ActionSheet.tsx';
import { groupName } from '@/lib/format.ts';

/** "Leave {group}?" with Cancel and Leave group. */
export function LeaveGroupSheet({
  name,
  busy,
  onClose,
  onLeave,
}: {
  name: string;
  busy: boolean;
  onClose: () => void;
  onLeave: () => void;
}) {
  return (
    <ActionSheet
      title={`Leave ${groupName(name)}?`}
      onClose={onClose}
      label="Leave group"
      variant="danger"
      busy={busy}
      onConfirm={onLeave}
    >
      <p>You will stop getting its messages. You can join again if the group is open.</p>
    </ActionSheet>
  );
}
