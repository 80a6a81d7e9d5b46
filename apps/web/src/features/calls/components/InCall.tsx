import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import type { Call, CallSignal } from '../api/calls.ts';
import { formatDuration, MEDIA_PROBLEMS } from '../call-text.ts';
import { type LinkState, RECONNECT_GRACE_MS, usePeerConnection } from '../hooks/use-peer-connection.ts';
import * as s from './calls.css.ts';

function Media({
  stream,
  className,
  mutedEl,
  label,
  video,
}: {
  stream: MediaStream | null;
  className: string;
  mutedEl: boolean;
  label: string;
  video: boolean;
}) {
  // A callback ref: switching between voice and video swaps the <audio> for a <video>, which needs the stream too.
  const ref = useCallback(
    (el: HTMLMediaElement | null) => {
      if (el && el.srcObject !== stream) el.srcObject = stream;
    },
    [stream],
  );
  return video ? (
    <video ref={ref} className={className} autoPlay playsInline muted={mutedEl} aria-label={label} />
  ) : (
    <audio ref={ref} autoPlay muted={mutedEl} aria-label={label} />
  );
}

function useElapsed(since: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return since ? (now - Date.parse(since)) / 1000 : 0;
}

const LINK_TEXT: Record<LinkState, string> = {
  starting: 'Connecting…',
  connecting: 'Connecting…',
  connected: '',
  reconnecting: 'Reconnecting…',
  dropped: 'Connection lost',
};

/**
 * The answered call: the peer connection, the other person's video (or audio) and my camera,
 * mute, camera on/off, switch voice/video, hang up, duration, and an interrupted or lost link.
 */
export function InCall({
  call,
  caller,
  name,
  iceServers,
  send,
  onHangUp,
  onDropped,
}: {
  call: Call;
  caller: boolean;
  name: string;
  iceServers: RTCIceServer[] | undefined;
  send: (signal: CallSignal) => Promise<unknown>;
  onHangUp: () => void;
  onDropped: () => void;
}) {
  const media = usePeerConnection({ call, caller, iceServers, send, onDropped });
  const elapsed = useElapsed(call.answered_at);
  const video = media.sendingVideo || media.remoteVideo;
  const state = media.link === 'connected' ? formatDuration(elapsed) : LINK_TEXT[media.link];
  // Why the media controls wait: the microphone is still starting, or it could not start (explained above).
  const why = media.local
    ? undefined
    : media.problem
      ? 'Your microphone could not be started'
      : 'Starting your microphone';

  return (
    <>
      <h2 className={s.title}>{name}</h2>
      <p className={s.sub} role="status" aria-live="polite" data-link={media.link}>
        {video ? 'Video call' : 'Voice call'} · {state}
      </p>
      {media.problem && (
        <p className={s.problem} role="alert">
          {MEDIA_PROBLEMS[media.problem]}
        </p>
      )}
      {media.link === 'reconnecting' && (
        <p className={s.problem} role="alert">
          The connection to {name} was interrupted. Reconnecting… The call ends if it does not come back within{' '}
          {RECONNECT_GRACE_MS / 1000} seconds.
        </p>
      )}
      {media.link === 'dropped' && (
        <p className={s.problem} role="alert">
          The connection to {name} was lost.
        </p>
      )}
      <div className={s.stage}>
        <Media
          stream={media.remote}
          className={s.remoteVideo}
          mutedEl={false}
          label={media.remoteVideo ? `${name}'s video` : `${name}'s voice`}
          video={media.remoteVideo}
        />
        {media.sendingVideo && (
          <Media stream={media.local} className={s.localVideo} mutedEl label="Your camera" video />
        )}
      </div>
      <div className={s.controls}>
        <Button
          variant="secondary"
          aria-pressed={media.muted}
          onClick={() => media.setMuted(!media.muted)}
          disabled={!media.local}
          title={why}
        >
          {media.muted ? 'Unmute' : 'Mute'}
        </Button>
        {media.sendingVideo && (
          <Button
            variant="secondary"
            aria-pressed={media.cameraOff}
            onClick={() => media.setCameraOff(!media.cameraOff)}
            disabled={!media.local}
            title={why}
          >
            {media.cameraOff ? 'Camera on' : 'Camera off'}
          </Button>
        )}
        <Button
          variant="secondary"
          onClick={() => void media.setVideo(!media.sendingVideo)}
          disabled={!media.local}
          loading={media.switching}
          title={why}
        >
          {media.sendingVideo ? 'Switch to voice' : 'Switch to video'}
        </Button>
        <Button variant="danger" onClick={onHangUp}>
          Hang up
        </Button>
      </div>
    </>
  );
}
