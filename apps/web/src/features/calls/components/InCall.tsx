import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import type { Call, CallSignal } from '../api/calls.ts';
import { formatDuration, kindLabel, MEDIA_PROBLEMS } from '../call-text.ts';
import { usePeerConnection } from '../hooks/use-peer-connection.ts';
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
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
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

/** The answered call: the peer connection, both videos (audio only for a voice call), mute, camera, hang up, duration. */
export function InCall({
  call,
  caller,
  name,
  iceServers,
  send,
  onHangUp,
}: {
  call: Call;
  caller: boolean;
  name: string;
  iceServers: RTCIceServer[] | undefined;
  send: (signal: CallSignal) => Promise<unknown>;
  onHangUp: () => void;
}) {
  const media = usePeerConnection({ call, caller, iceServers, send });
  const elapsed = useElapsed(call.answered_at);
  const video = call.kind === 'video';
  const state =
    media.link === 'connected' ? formatDuration(elapsed) : media.link === 'dropped' ? 'Connection lost' : 'Connecting…';

  return (
    <>
      <h2 className={s.title}>{name}</h2>
      <p className={s.sub} role="status" aria-live="polite" data-link={media.link}>
        {kindLabel(call)} · {state}
      </p>
      {media.problem && (
        <p className={s.problem} role="alert">
          {MEDIA_PROBLEMS[media.problem]}
        </p>
      )}
      {media.link === 'dropped' && (
        <p className={s.problem} role="alert">
          The connection to {name} was lost. Hang up and call again.
        </p>
      )}
      <div className={s.stage}>
        <Media
          stream={media.remote}
          className={s.remoteVideo}
          mutedEl={false}
          label={`${name}'s video`}
          video={video}
        />
        {video && <Media stream={media.local} className={s.localVideo} mutedEl label="Your camera" video />}
      </div>
      <div className={s.controls}>
        <Button
          variant="secondary"
          aria-pressed={media.muted}
          onClick={() => media.setMuted(!media.muted)}
          disabled={!media.local}
        >
          {media.muted ? 'Unmute' : 'Mute'}
        </Button>
        {video && (
          <Button
            variant="secondary"
            aria-pressed={media.cameraOff}
            onClick={() => media.setCameraOff(!media.cameraOff)}
            disabled={!media.local}
          >
            {media.cameraOff ? 'Camera on' : 'Camera off'}
          </Button>
        )}
        <Button variant="danger" onClick={onHangUp}>
          Hang up
        </Button>
      </div>
    </>
  );
}
