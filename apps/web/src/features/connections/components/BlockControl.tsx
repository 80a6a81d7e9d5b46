import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { ActionSheet } from '@/components/ui/ActionSheet.tsx';
import { Button } from '@/components/ui/Button.tsx';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import { useBlockActions } from '../api/blocks.ts';
import * as s from './connections.css.ts';

/**
 * Block (after a confirmation that says what it does) or, once blocked, Unblock: on another
 * person's profile. `blocked` is the profile's `is_blocked`.
 */
export function BlockControl({
  userId,
  name = 'this person',
  blocked,
}: {
  userId: string;
  name?: string;
  blocked: boolean;
}) {
  const actions = useBlockActions();
  const toast = useSetAtom(showToastAtom);
  const [confirming, setConfirming] = useState(false);

  if (blocked) {
    return (
      <span className={s.control}>
        <span className={s.pending}>Blocked</span>
        <Button
          small
          variant="secondary"
          loading={actions.busy === 'unblock'}
          onClick={async () => {
            const r = await actions.unblock(userId);
            toast(r.ok ? { tone: 'success', text: `${name} is unblocked.` } : { tone: 'error', text: r.error.message });
          }}
        >
          Unblock
        </Button>
      </span>
    );
  }

  return (
    <>
      <Button small variant="ghost" onClick={() => setConfirming(true)}>
        Block
      </Button>
      {confirming && (
        <ActionSheet
          title={`Block ${name}?`}
          onClose={() => setConfirming(false)}
          label="Block"
          variant="danger"
          busy={actions.busy === 'block'}
          onConfirm={async () => {
            const r = await actions.block(userId);
            toast(r.ok ? { tone: 'success', text: `${name} is blocked.` } : { tone: 'error', text: r.error.message });
            if (r.ok) setConfirming(false);
          }}
        >
          <ul className={s.consequences}>
            <li>
              You can no longer message each other in a one-to-one chat, and neither of you can invite the other to
              connect or to a group.
            </li>
            <li>Your connection ends, and invitations between you are withdrawn.</li>
            <li>Neither of you sees the other's contact details or finds the other in search.</li>
            <li>Messages in groups you share stay visible. {name} is not told.</li>
          </ul>
          <p className={s.meta}>
            You can unblock them here or under Blocked people at any time; a connection is not restored.
          </p>
        </ActionSheet>
      )}
    </>
  );
}
