import { useState } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { usePeopleActions } from '../hooks/use-people-actions.ts';
import { GroupPickerSheet } from './GroupPickerSheet.tsx';

/** Picks one of the user's groups and invites `ids` to it; stays open (with the error) on failure. */
export function InviteToGroupSheet({
  ids,
  onClose,
  onInvited,
}: {
  ids: string[];
  onClose: () => void;
  onInvited?: () => void;
}) {
  const { busy, invite } = usePeopleActions();
  return (
    <GroupPickerSheet
      count={ids.length}
      busy={busy}
      onClose={onClose}
      onPick={async (group) => {
        if (await invite(group, ids)) {
          onClose();
          onInvited?.();
        }
      }}
    />
  );
}

/** Invite to Group: picks one of the user's groups and invites the person; the picker stays open on failure. */
export function InviteToGroupAction({ userId, onInvited }: { userId: string; onInvited?: () => void }) {
  const { busy, invite } = usePeopleActions();
  const [picking, setPicking] = useState(false);
  return (
    <>
      <Button small onClick={() => setPicking(true)}>
        Invite to Group
      </Button>
      {picking && (
        <GroupPickerSheet
          count={1}
          busy={busy}
          onClose={() => setPicking(false)}
          onPick={async (group) => {
            if (await invite(group, [userId])) {
              setPicking(false);
              onInvited?.();
            }
          }}
        />
      )}
    </>
  );
}
