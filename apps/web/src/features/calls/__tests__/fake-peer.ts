import { vi } from 'vitest';

interface FakeTrack {
  kind: string;
  enabled: boolean;
  readyState: string;
  muted: boolean;
  stop: () => void;
  addEventListener: () => void;
  removeEventListener: () => void;
}

export const track = (kind: string): FakeTrack => ({
  kind,
  enabled: true,
  readyState: 'live',
  muted: false,
  stop: vi.fn(),
  addEventListener: () => {},
  removeEventListener: () => {},
});

/** happy-dom's MediaStream (a video element takes no other) holding fake tracks that can come and go. */
export function stream(...kinds: string[]) {
  const tracks = kinds.map(track);
  return Object.assign(new MediaStream(), {
    getTracks: () => [...tracks],
    getVideoTracks: () => tracks.filter((t) => t.kind === 'video'),
    addTrack: (t: FakeTrack) => void tracks.push(t),
    removeTrack: (t: FakeTrack) => void tracks.splice(tracks.indexOf(t), 1),
  });
}

/** A stand-in RTCPeerConnection (happy-dom has none): records what the call does with it. */
export class FakePeer {
  static last: FakePeer | null = null;
  connectionState = 'new';
  signalingState = 'stable';
  remoteDescription: unknown = null;
  onconnectionstatechange: (() => void) | null = null;
  onicecandidate: unknown = null;
  ontrack: ((e: { streams: unknown[]; track: unknown }) => void) | null = null;
  senders: { track: FakeTrack | null }[] = [];
  offers = 0;
  closed = false;
  constructor() {
    FakePeer.last = this;
  }
  addTrack(t: FakeTrack) {
    this.senders.push({ track: t });
  }
  getSenders() {
    return this.senders;
  }
  removeTrack(sender: { track: FakeTrack | null }) {
    sender.track = null;
  }
  async createOffer() {
    this.offers += 1;
    return { type: 'offer', sdp: `v=0 offer ${this.offers}` };
  }
  async setLocalDescription(d: { type: string }) {
    this.signalingState = d.type === 'offer' ? 'have-local-offer' : 'stable';
  }
  async setRemoteDescription(d: { type: string }) {
    this.remoteDescription = d;
    this.signalingState = d.type === 'offer' ? 'have-remote-offer' : 'stable';
  }
  async createAnswer() {
    return { type: 'answer', sdp: 'v=0 answer' };
  }
  close() {
    this.closed = true;
  }
  become(state: string) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
  sending(kind: string) {
    return this.senders.filter((s) => s.track?.kind === kind).length;
  }
}

/** The browser's WebRTC and media devices, faked: `getUserMedia` decides what the camera and microphone do. */
export function fakeMedia(getUserMedia: (c: MediaStreamConstraints) => Promise<unknown>) {
  vi.stubGlobal('RTCPeerConnection', FakePeer);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
}
