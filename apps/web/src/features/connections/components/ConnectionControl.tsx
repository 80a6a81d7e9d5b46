import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { ActionSheet } from '@/components/ui/ActionSheet.tsx';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button } from '@/components/ui/Button.tsx';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import { useConnectionActions, useConnectionWith } from '../api/connections.ts';
import * as s from './connections.css.ts';

/** A pending invitation: mine can be withdrawn, theirs accepted or declined (each then says so in a toast). */
const PENDING = {
  outgoing: { note: 'Pending', answers: [{ act: 'withdraw', label: 'Withdraw', done: 'Invitation withdrawn.' }] },
  incoming: {
    note: 'Invited you to connect',
    answers: [
      { act: 'accept', label: 'Accept', done: 'You are now connected.' },
      { act: 'decline', label: 'Decline', done: 'Invitation declined.' },
    ],
  },
} as const;

/**
 * The one connection control of another person's profile: Invite to Connect → Pending (Withdraw)
 * → Connected (Remove, after a confirmation); their invitation to me shows Accept / Decline.
 */
export function ConnectionControl({
  userId,
  name = 'this person',
  onChange,
}: {
  userId: string;
  name?: string;
  /** Told when the state changes after it was first read (the profile reads contact details again). */
  onChange?: () => void;
}) {
  const { state, error, reload } = useConnectionWith(userId);
  const kind = state?.kind;
  const seen = useRef<string | undefined>(undefined);
  const changed = useRef(onChange);
  changed.current = onChange;
  useEffect(() => {
    if (!kind) return;
    if (seen.current && seen.current !== kind) changed.current?.();
    seen.current = kind;
  }, [kind]);
  const actions = useConnectionActions();
  const toast = useSetAtom(showToastAtom);
  const [confirming, setConfirming] = useState(false);
  const say = (result: { ok: boolean; error?: { message: string } }, done: string) =>
    toast(result.ok ? { tone: 'success', text: done } : { tone: 'error', text: result.error?.message ?? 'Failed.' });

  if (!state) {
    if (error) {
      return <Alert onRetry={reload}>Could not load the connection: {error.message}</Alert>;
    }
    return (
      <Button small variant="secondary" loading>
        Connection
      </Button>
    );
  }

  if (state.kind === 'none') {
    return (
      <Button
        small
        variant="secondary"
        loading={actions.busy === 'connect'}
        onClick={async () => {
          const r = await actions.connect(userId);
          say(r, r.ok && r.value.status === 'accepted' ? 'You are now connected.' : 'Invitation to connect sent.');
        }}
      >
        Invite to Connect
      </Button>
    );
  }

  if (state.kind === 'outgoing' || state.kind === 'incoming') {
    const { note, answers } = PENDING[state.kind];
    const id = state.connection.id;
    return (
      <span className={s.control}>
        <span className={s.pending}>{note}</span>
        {answers.map(({ act, label, done }) => (
          <Button
            key={act}
            small
            variant={act === 'accept' ? 'primary' : 'secondary'}
            loading={actions.busy === act}
            onClick={async () => say(await actions[act](id), done)}
          >
            {label}
          </Button>
        ))}
      </span>
    );
  }

  return (
    <span className={s.control}>
      <span className={s.state}>Connected</span>
      <Button small variant="secondary" onClick={() => setConfirming(true)}>
        Remove
      </Button>
      {confirming && (
        <ActionSheet
          title="Remove connection?"
          onClose={() => setConfirming(false)}
          label="Remove"
          variant="danger"
          busy={actions.busy === 'remove'}
          onConfirm={async () => {
            const r = await actions.remove(userId);
            say(r, 'Connection removed.');
            if (r.ok) setConfirming(false);
          }}
        >
          <p>You and {name} will no longer be connected, on both sides. Either of you can invite again later.</p>
        </ActionSheet>
      )}
    </span>
  );
}
