import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { sessionAtom } from '@/lib/session-state.ts';
import { type CurrentCall, useCallActions, useCallConfig, useCurrentCall, usePersonName } from '../api/calls.ts';
import { endedText, kindLabel } from '../call-text.ts';
import * as s from './calls.css.ts';
import { InCall } from './InCall.tsx';

/**
 * The call screen over any screen: an incoming call (Accept / Decline), my outgoing call ringing
 * (Cancel), the call in progress, and how it ended or why it could not start, until closed.
 */
export function CallOverlay() {
  const current = useCurrentCall();
  return current ? <CallScreen current={current} /> : null;
}

function CallScreen({ current }: { current: CurrentCall }) {
  const me = useAtomValue(sessionAtom)?.id ?? null;
  const actions = useCallActions();
  const call = current?.call ?? null;
  const caller = call ? call.caller_id === me : false;
  const otherId = call ? (caller ? call.callee_id : call.caller_id) : null;
  const name = usePersonName(otherId) ?? 'Someone';
  const config = useCallConfig();
  const [error, setError] = useState<string | null>(null);

  const run = async (p: Promise<{ ok: boolean; error?: { message: string } }>) => {
    const r = await p;
    setError(r.ok ? null : (r.error?.message ?? 'Something went wrong.'));
  };
  const close = () => {
    setError(null);
    actions.dismiss();
  };

  // A call that ended or never started: what happened, and Close.
  const ended = (title: string, text: React.ReactNode, role: 'alert' | 'status') => (
    <>
      <h2 className={s.title}>{title}</h2>
      <p className={s.sub} role={role}>
        {text}
      </p>
      <Button variant="secondary" onClick={close}>
        Close
      </Button>
    </>
  );

  let body: React.ReactNode;
  if (!call) {
    body = ended('Call not started', current.error, 'alert');
  } else if (call.status === 'ringing' && !caller) {
    body = (
      <>
        <p className={s.sub}>Incoming {kindLabel(call).toLowerCase()}</p>
        <h2 className={s.title}>{name}</h2>
        <div className={s.controls}>
          <Button variant="danger" onClick={() => run(actions.decline(call.id))}>
            Decline
          </Button>
          <Button onClick={() => run(actions.accept(call.id))}>Accept</Button>
        </div>
      </>
    );
  } else if (call.status === 'ringing') {
    body = (
      <>
        <p className={s.sub} role="status">
          {kindLabel(call)} · Ringing…
        </p>
        <h2 className={s.title}>{name}</h2>
        <Button variant="danger" onClick={() => run(actions.hangUp(call.id))}>
          Cancel
        </Button>
      </>
    );
  } else if (call.status === 'active') {
    body = (
      <InCall
        key={call.id}
        call={call}
        caller={caller}
        name={name}
        iceServers={config.data?.data.ice_servers as RTCIceServer[] | undefined}
        send={(signal) => actions.signal(call.id, signal)}
        onHangUp={() => run(actions.hangUp(call.id))}
        onDropped={() => void actions.drop(call.id)}
      />
    );
  } else {
    const text = current.dropped
      ? `The call dropped: the connection to ${name} was lost.`
      : endedText(call, caller, name);
    body = ended(name, text, 'status');
  }

  return (
    <div className={s.overlay} role="dialog" aria-modal="true" aria-label="Call">
      {body}
      {error && (
        <p className={s.problem} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
