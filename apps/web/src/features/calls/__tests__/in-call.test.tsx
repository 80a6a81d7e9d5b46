import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Answers, envelope, type TestStream } from '@/test/api.ts';
import { renderApp } from '@/test/render.tsx';
import { RECONNECT_GRACE_MS } from '../hooks/use-peer-connection.ts';
import { FakePeer, fakeMedia, stream } from './fake-peer.ts';
import { CALL_HANDLERS, call, MAYA, openStream } from './fixtures.ts';

const answered = () => new Date().toISOString();
const ended = () => ({
  body: envelope(call({ status: 'ended', end_reason: 'completed', ended_at: new Date().toISOString() }, false)),
});

/** Signed in with a voice call of mine to Maya already answered: the call screen is open. */
async function inCall(getUserMedia: (c: MediaStreamConstraints) => Promise<unknown>, answers: Answers = {}) {
  fakeMedia(getUserMedia);
  const app = renderApp({
    streams: 'test',
    path: '/contacts',
    signedIn: true,
    answers: {
      ...CALL_HANDLERS,
      sendCallSignal: () => ({ body: envelope(null, 'Relayed.') }),
      hangUpCall: ended,
      ...answers,
    },
  });
  const live = await waitFor(() => {
    const open = openStream(app.streams);
    expect(open).toBeDefined();
    return open as TestStream;
  });
  act(() => live.send('call', call({ status: 'active', answered_at: answered() }, false)));
  await screen.findByRole('button', { name: 'Switch to video' });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Mute' })).toBeEnabled());
  const offers = () =>
    app.calls.filter((c) => c.path.endsWith('/signal') && (c.body as { type: string }).type === 'offer');
  const hangups = () => app.calls.filter((c) => c.path.endsWith('/hangup'));
  return { ...app, live, offers, hangups };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  FakePeer.last = null;
});

describe('switching between voice and video during a call', () => {
  it('Switch to video adds the camera and renegotiates; Switch to voice takes it away and renegotiates', async () => {
    const asked: MediaStreamConstraints[] = [];
    const { user, offers, live } = await inCall(async (c) => {
      asked.push(c);
      return c.video ? stream('video') : stream('audio');
    });
    const peer = FakePeer.last as FakePeer;
    await waitFor(() => expect(offers()).toHaveLength(1));
    expect(screen.getByRole('status')).toHaveTextContent('Voice call');

    await user.click(screen.getByRole('button', { name: 'Switch to video' }));
    expect(await screen.findByRole('button', { name: 'Switch to voice' })).toBeEnabled();
    expect(asked.at(-1)).toEqual({ video: true });
    expect(peer.sending('video')).toBe(1);
    await waitFor(() => expect(offers()).toHaveLength(2));
    expect(screen.getByRole('status')).toHaveTextContent('Video call');
    expect(screen.getByLabelText('Your camera')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Camera off' })).toBeInTheDocument();

    const answer = { call_id: 'call_0000000000000001', from_user_id: MAYA.id, type: 'answer', sdp: 'v=0 answer' };
    act(() => live.send('call_signal', answer));
    await waitFor(() => expect(peer.signalingState).toBe('stable'));
    await user.click(screen.getByRole('button', { name: 'Switch to voice' }));
    expect(await screen.findByRole('button', { name: 'Switch to video' })).toBeEnabled();
    expect(peer.sending('video')).toBe(0);
    await waitFor(() => expect(offers()).toHaveLength(3));
    expect(screen.getByRole('status')).toHaveTextContent('Voice call');
    expect(screen.queryByLabelText('Your camera')).not.toBeInTheDocument();
  });

  it("shows the other person's video when their stream brings one", async () => {
    await inCall(async () => stream('audio'));
    expect(screen.queryByLabelText("Maya Chen's video")).not.toBeInTheDocument();
    const theirs = stream('audio', 'video');
    act(() => FakePeer.last?.ontrack?.({ streams: [theirs], track: {} }));
    expect(((await screen.findByLabelText("Maya Chen's video")) as HTMLVideoElement).srcObject).toBe(theirs);
    expect(screen.getByRole('status')).toHaveTextContent('Video call');
  });

  it('a camera that cannot start is explained and the call stays a voice call', async () => {
    const { user } = await inCall(async (c) => {
      if (c.video) throw Object.assign(new Error('none'), { name: 'NotFoundError' });
      return stream('audio');
    });
    await user.click(screen.getByRole('button', { name: 'Switch to video' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No microphone or camera was found');
    expect(screen.getByRole('button', { name: 'Switch to video' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('Voice call');
  });
});

describe('a connection that drops', () => {
  it('says it is reconnecting, recovers without ending the call, and ends it as dropped after the grace period', async () => {
    const { hangups } = await inCall(async () => stream('audio'));
    const peer = FakePeer.last as FakePeer;
    act(() => peer.become('connected'));
    expect(screen.getByRole('status')).toHaveTextContent(/Voice call · 00:0\d/);

    act(() => peer.become('disconnected'));
    expect(screen.getByRole('status')).toHaveTextContent('Voice call · Reconnecting…');
    expect(screen.getByRole('alert')).toHaveTextContent('The connection to Maya Chen was interrupted. Reconnecting…');
    act(() => peer.become('connected'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => peer.become('disconnected'));
    act(() => vi.advanceTimersByTime(RECONNECT_GRACE_MS - 1));
    expect(hangups()).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    expect(await screen.findByText('The call dropped: the connection to Maya Chen was lost.')).toBeInTheDocument();
    expect(hangups().map((c) => c.search)).toEqual(['?reason=dropped']);
    expect(peer.closed).toBe(true);
  });

  it('ends cleanly when the other side had already ended it (409)', async () => {
    await inCall(async () => stream('audio'), {
      hangUpCall: () => ({
        status: 409,
        body: { success: false, message: 'The call has ended.' },
      }),
    });
    act(() => FakePeer.last?.become('failed'));
    expect(await screen.findByText('The call dropped: the connection to Maya Chen was lost.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});
