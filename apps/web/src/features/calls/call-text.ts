import type { Call } from './api/calls.ts';
import type { MediaProblem } from './hooks/media.ts';

/** "Video call" or "Voice call". */
export const kindLabel = (call: Pick<Call, 'kind'>) => (call.kind === 'video' ? 'Video call' : 'Voice call');

/** mm:ss (h:mm:ss past an hour). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const mmss = `${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mmss}` : mmss;
}

/** How long an answered call lasted (null if it never was answered or still runs). */
export function callSeconds(call: Call): number | null {
  if (!call.answered_at || !call.ended_at) return null;
  return (Date.parse(call.ended_at) - Date.parse(call.answered_at)) / 1000;
}

/** What an ended call tells me, from my side of it. */
export function endedText(call: Call, caller: boolean, name: string): string {
  switch (call.end_reason) {
    case 'declined':
      return caller ? `${name} declined the call.` : 'You declined the call.';
    case 'missed':
      return caller ? `${name} did not answer.` : `Missed call from ${name}.`;
    case 'cancelled':
      return caller ? 'You cancelled the call.' : `${name} cancelled the call.`;
    case 'dropped':
      return 'The call dropped: the connection was lost.';
    default: {
      const s = callSeconds(call);
      return s === null ? 'Call ended.' : `Call ended · ${formatDuration(s)}`;
    }
  }
}

export const MEDIA_PROBLEMS: Record<MediaProblem, string> = {
  denied:
    'The browser was not allowed to use your microphone or camera. Allow them in the site settings and call again.',
  'no-device': 'No microphone or camera was found (or another app is using it).',
  failed: 'Your microphone or camera could not be started.',
};

/** One history row's status: "Missed", "Declined", "Outgoing · 01:05", … */
export function historyStatus(call: Call): string {
  const side = call.direction === 'outgoing' ? 'Outgoing' : 'Incoming';
  if (call.status === 'ringing') return 'Ringing';
  if (call.status === 'active') return 'In progress';
  if (call.end_reason === 'missed') return call.direction === 'incoming' ? 'Missed' : 'Not answered';
  if (call.end_reason === 'declined') return call.direction === 'incoming' ? 'Declined by you' : 'Declined';
  if (call.end_reason === 'cancelled') return call.direction === 'incoming' ? 'Missed (cancelled)' : 'Cancelled';
  if (call.end_reason === 'dropped') return `${side} · dropped`;
  const s = callSeconds(call);
  return s === null ? side : `${side} · ${formatDuration(s)}`;
}
