import { Sheet } from '@/components/ui/Sheet.tsx';
import { SheetActions } from '@/components/ui/SheetActions.tsx';
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
    <Sheet
      title={`Leave ${groupName(name)}?`}
      onClose={onClose}
      footer={<SheetActions label="Leave group" variant="danger" busy={busy} onCancel={onClose} onConfirm={onLeave} />}
    >
      <p>You will stop getting its messages. You can join again if the group is open.</p>
    </Sheet>
  );
}
