import type { Schemas } from '@cohort/api';

/** `event: call_signal`'s data: an offer, answer or ICE candidate from the other person. */
export type IncomingSignal = Extract<Schemas['UserStreamEvent'], { event: 'call_signal' }>['data'];
type Listener = (s: IncomingSignal) => void;

// Signals can arrive before the call's peer connection exists (the offer right after accepting):
// they wait here, per call, until it listens.
const waiting = new Map<string, IncomingSignal[]>();
const listeners = new Map<string, Listener>();

export function deliverSignal(s: IncomingSignal): void {
  const listen = listeners.get(s.call_id);
  if (listen) listen(s);
  else waiting.set(s.call_id, [...(waiting.get(s.call_id) ?? []), s]);
}

/** Receive the call's signals (those already waiting first); returns the unsubscribe. */
export function listenForSignals(callId: string, listen: Listener): () => void {
  listeners.set(callId, listen);
  const queued = waiting.get(callId) ?? [];
  waiting.delete(callId);
  for (const s of queued) listen(s);
  return () => {
    if (listeners.get(callId) === listen) listeners.delete(callId);
  };
}
