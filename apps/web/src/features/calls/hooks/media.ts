export type MediaProblem = 'denied' | 'no-device' | 'failed';

/** Why getUserMedia failed, in the three cases the call screen explains. */
export function mediaProblem(e: unknown): MediaProblem {
  const name = (e as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'no-device';
  return 'failed';
}

/** A stream carries a picture: a live video track that is receiving (a removed or paused one is muted or gone). */
export function hasLiveVideo(stream: MediaStream): boolean {
  return stream.getVideoTracks().some((t) => t.readyState === 'live' && !t.muted);
}

/**
 * Reports whether the other side's stream shows video as tracks come and go: the other person
 * switching to video adds a track, switching back mutes and removes it (after renegotiation).
 */
export function watchRemoteVideo(stream: MediaStream, report: (video: boolean) => void): () => void {
  const watched = new Set<MediaStreamTrack>();
  const update = () => {
    for (const t of stream.getVideoTracks()) {
      if (watched.has(t)) continue;
      watched.add(t);
      for (const type of ['mute', 'unmute', 'ended'] as const) t.addEventListener(type, update);
    }
    report(hasLiveVideo(stream));
  };
  stream.addEventListener('addtrack', update);
  stream.addEventListener('removetrack', update);
  update();
  return () => {
    stream.removeEventListener('addtrack', update);
    stream.removeEventListener('removetrack', update);
    for (const t of watched)
      for (const type of ['mute', 'unmute', 'ended'] as const) t.removeEventListener(type, update);
  };
}
