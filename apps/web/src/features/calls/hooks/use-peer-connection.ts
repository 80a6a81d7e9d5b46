import { useCallback, useEffect, useRef, useState } from 'react';
import type { Call, CallSignal } from '../api/calls.ts';
import { listenForSignals } from '../signals.ts';
import { hasLiveVideo, type MediaProblem, mediaProblem, watchRemoteVideo } from './media.ts';

export type { MediaProblem } from './media.ts';
export type LinkState = 'starting' | 'connecting' | 'connected' | 'reconnecting' | 'dropped';

/** How long an interrupted connection may take to come back before the call is ended as dropped. */
export const RECONNECT_GRACE_MS = 10_000;

interface Options {
  call: Call;
  caller: boolean;
  iceServers: RTCIceServer[] | undefined;
  send: (signal: CallSignal) => Promise<unknown>;
  /** The connection was lost and did not come back within the grace period (or failed outright). */
  onDropped: () => void;
}

declare global {
  interface Window {
    /** The current call's peer connection, so a browser test can read its state and getStats(). */
    __cohortPeer?: RTCPeerConnection;
  }
}

/**
 * The call's WebRTC link: my microphone (and camera for a video call) into an RTCPeerConnection on
 * the configured ICE servers; the caller offers, the callee answers, both trickle candidates through
 * `sendCallSignal`. Turning the camera on or off mid-call renegotiates through the same signals
 * ("perfect negotiation": the callee is the polite side when both offer at once). Mute and camera
 * off disable the local tracks. An interrupted link gets RECONNECT_GRACE_MS to recover.
 */
export function usePeerConnection({ call, caller, iceServers, send, onDropped }: Options) {
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [remoteVideo, setRemoteVideo] = useState(false);
  const [sendingVideo, setSendingVideo] = useState(call.kind === 'video');
  const [switching, setSwitching] = useState(false);
  const [link, setLink] = useState<LinkState>('starting');
  const [problem, setProblem] = useState<MediaProblem | null>(null);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const sendRef = useRef(send);
  sendRef.current = send;
  const droppedRef = useRef(onDropped);
  droppedRef.current = onDropped;
  const peer = useRef<{ pc: RTCPeerConnection; stream: MediaStream; offer: () => Promise<void> } | null>(null);
  const ready = iceServers !== undefined;

  useEffect(() => {
    if (!ready) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let unlisten = () => {};
    let unwatch = () => {};
    let grace: ReturnType<typeof setTimeout> | undefined;
    let makingOffer = false;
    let offerAgain = false;
    const polite = !caller;
    const pc = new RTCPeerConnection({ iceServers });
    window.__cohortPeer = pc;
    const pending: RTCIceCandidateInit[] = [];
    const signal = (s: CallSignal) => void sendRef.current(s);
    const drop = () => {
      clearTimeout(grace);
      grace = undefined;
      setLink('dropped');
      if (!stopped) droppedRef.current();
    };

    pc.onicecandidate = (e) =>
      signal({
        type: 'candidate',
        candidate: e.candidate ? { ...e.candidate.toJSON(), candidate: e.candidate.candidate } : null,
      });
    pc.ontrack = (e) => {
      const s = e.streams[0] ?? new MediaStream([e.track]);
      setRemote(s);
      unwatch();
      unwatch = watchRemoteVideo(s, setRemoteVideo);
    };
    pc.onconnectionstatechange = () => {
      const state = pc.connectionState;
      if (state === 'connected') {
        clearTimeout(grace);
        grace = undefined;
        setLink('connected');
      } else if (state === 'failed') drop();
      else if (state === 'disconnected' && grace === undefined) {
        setLink('reconnecting');
        grace = setTimeout(drop, RECONNECT_GRACE_MS);
      }
    };

    const offer = async () => {
      try {
        makingOffer = true;
        const o = await pc.createOffer();
        await pc.setLocalDescription(o);
        signal({ type: 'offer', sdp: o.sdp ?? '' });
      } finally {
        makingOffer = false;
      }
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
      peer.current = { pc, stream, offer };
      setLink('connecting');
      unlisten = listenForSignals(call.id, async (s) => {
        if (s.type === 'offer' && s.sdp) {
          // Both offered at once: the impolite caller ignores the callee's offer; the callee rolls back to answer.
          const collision = makingOffer || pc.signalingState !== 'stable';
          if (collision && !polite) return;
          offerAgain ||= collision;
          await pc.setRemoteDescription({ type: 'offer', sdp: s.sdp });
          const answer = await pc.createAnswer();
          await pc.setLocalDescription(answer);
          signal({ type: 'answer', sdp: answer.sdp ?? '' });
          // My own change (rolled back to answer theirs) still has to reach them.
          if (offerAgain) {
            offerAgain = false;
            await offer();
          }
        } else if (s.type === 'answer' && s.sdp) {
          if (pc.signalingState !== 'have-local-offer') return;
          await pc.setRemoteDescription({ type: 'answer', sdp: s.sdp });
        } else if (s.type === 'candidate' && s.candidate) {
          if (pc.remoteDescription) await pc.addIceCandidate(s.candidate).catch(() => {});
          else pending.push(s.candidate);
          return;
        } else return;
        for (const c of pending.splice(0)) await pc.addIceCandidate(c).catch(() => {});
      });
      if (caller) await offer();
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(grace);
      unlisten();
      unwatch();
      peer.current = null;
      pc.close();
      for (const t of stream?.getTracks() ?? []) t.stop();
    };
  }, [ready, iceServers, call.id, call.kind, caller]);

  const toggle = (kind: 'audio' | 'video', off: boolean) => {
    for (const t of local?.getTracks() ?? []) if (t.kind === kind) t.enabled = !off;
  };

  /** Voice to video (the camera joins the call) and back (it leaves); the other side renegotiates and sees it. */
  const setVideo = useCallback(async (on: boolean) => {
    const p = peer.current;
    if (!p) return;
    setSwitching(true);
    try {
      if (on) {
        let track: MediaStreamTrack | undefined;
        try {
          track = (await navigator.mediaDevices.getUserMedia({ video: true })).getVideoTracks()[0];
        } catch (e) {
          setProblem(mediaProblem(e));
          return;
        }
        if (!track || peer.current !== p) return track?.stop();
        setProblem(null);
        p.stream.addTrack(track);
        p.pc.addTrack(track, p.stream);
      } else {
        for (const sender of p.pc.getSenders()) if (sender.track?.kind === 'video') p.pc.removeTrack(sender);
        for (const t of p.stream.getVideoTracks()) {
          t.stop();
          p.stream.removeTrack(t);
        }
      }
      setCameraOff(false);
      setSendingVideo(on && hasLiveVideo(p.stream));
      await p.offer();
    } finally {
      setSwitching(false);
    }
  }, []);

  return {
    local,
    remote,
    remoteVideo,
    sendingVideo,
    switching,
    link,
    problem,
    muted,
    cameraOff,
    setVideo,
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
