import { useEffect, useRef, useState } from 'react';
import type { Call, CallSignal } from '../api/calls.ts';
import { listenForSignals } from '../signals.ts';

export type MediaProblem = 'denied' | 'no-device' | 'failed';
export type LinkState = 'starting' | 'connecting' | 'connected' | 'dropped';

interface Options {
  call: Call;
  caller: boolean;
  iceServers: RTCIceServer[] | undefined;
  send: (signal: CallSignal) => Promise<unknown>;
}

declare global {
  interface Window {
    /** The current call's peer connection, so a browser test can read its state and getStats(). */
    __cohortPeer?: RTCPeerConnection;
  }
}

function mediaProblem(e: unknown): MediaProblem {
  const name = (e as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'no-device';
  return 'failed';
}

/**
 * The call's WebRTC link: my microphone (and camera for a video call) into an RTCPeerConnection on
 * the configured ICE servers; the caller offers, the callee answers, both trickle candidates through
 * `sendCallSignal`. Mute and camera off disable the local tracks.
 */
export function usePeerConnection({ call, caller, iceServers, send }: Options) {
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [link, setLink] = useState<LinkState>('starting');
  const [problem, setProblem] = useState<MediaProblem | null>(null);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const sendRef = useRef(send);
  sendRef.current = send;
  const ready = iceServers !== undefined;

  useEffect(() => {
    if (!ready) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let unlisten = () => {};
    const pc = new RTCPeerConnection({ iceServers });
    window.__cohortPeer = pc;
    const pending: RTCIceCandidateInit[] = [];
    const signal = (s: CallSignal) => void sendRef.current(s);

    pc.onicecandidate = (e) =>
      signal({
        type: 'candidate',
        candidate: e.candidate ? { ...e.candidate.toJSON(), candidate: e.candidate.candidate } : null,
      });
    pc.ontrack = (e) => setRemote(e.streams[0] ?? new MediaStream([e.track]));
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'connected') setLink('connected');
      else if (pc.connectionState === 'failed') setLink('dropped');
    };

    const start = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: call.kind === 'video' });
      } catch (e) {
        if (!stopped) setProblem(mediaProblem(e));
        return;
      }
      if (stopped) {
        for (const t of stream.getTracks()) t.stop();
        return;
      }
      setLocal(stream);
      for (const t of stream.getTracks()) pc.addTrack(t, stream);
      setLink('connecting');
      unlisten = listenForSignals(call.id, async (s) => {
        if (s.type === 'offer' && s.sdp) {
          await pc.setRemoteDescription({ type: 'offer', sdp: s.sdp });
          const answer = await pc.createAnswer();
          await pc.setLocalDescription(answer);
          signal({ type: 'answer', sdp: answer.sdp ?? '' });
        } else if (s.type === 'answer' && s.sdp) {
          await pc.setRemoteDescription({ type: 'answer', sdp: s.sdp });
        } else if (s.type === 'candidate' && s.candidate) {
          if (pc.remoteDescription) await pc.addIceCandidate(s.candidate).catch(() => {});
          else pending.push(s.candidate);
          return;
        } else return;
        for (const c of pending.splice(0)) await pc.addIceCandidate(c).catch(() => {});
      });
      if (caller) {
        const offer = await pc.createOffer();
        await pc.setLocalDescription(offer);
        signal({ type: 'offer', sdp: offer.sdp ?? '' });
      }
    };
    void start();
    return () => {
      stopped = true;
      unlisten();
      pc.close();
      for (const t of stream?.getTracks() ?? []) t.stop();
    };
  }, [ready, iceServers, call.id, call.kind, caller]);

  const toggle = (kind: 'audio' | 'video', off: boolean) => {
    for (const t of local?.getTracks() ?? []) if (t.kind === kind) t.enabled = !off;
  };
  return {
    local,
    remote,
    link,
    problem,
    muted,
    cameraOff,
    setMuted: (m: boolean) => {
      toggle('audio', m);
      setMuted(m);
    },
    setCameraOff: (off: boolean) => {
      toggle('video', off);
      setCameraOff(off);
    },
  };
}
