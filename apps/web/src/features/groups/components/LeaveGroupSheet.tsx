import { Button } from '@/components/ui/Button.tsx';
import { Sheet } from '@/components/ui/Sheet.tsx';
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
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" loading={busy} onClick={onLeave}>
            Leave group
          </Button>
        </>
      }
    >
      <p>You will stop getting its messages. You can join again if the group is open.</p>
    </Sheet>
  );
}
