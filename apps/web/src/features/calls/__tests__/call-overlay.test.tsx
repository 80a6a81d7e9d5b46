import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, type TestStream } from '@/test/api.ts';
import { renderApp } from '@/test/render.tsx';
import { FakePeer, fakeMedia as media, stream } from './fake-peer.ts';
import { CALL_HANDLERS, call, openStream } from './fixtures.ts';

async function signedIn(answers = {}) {
  const app = renderApp({
    streams: 'test',
    path: '/contacts',
    signedIn: true,
    answers: { ...CALL_HANDLERS, ...answers },
  });
  const live = await waitFor(() => {
    const open = openStream(app.streams);
    expect(open).toBeDefined();
    return open as TestStream;
  });
  return { ...app, live };
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  FakePeer.last = null;
});

describe('the call overlay', () => {
  it('rings on any screen for an incoming call; Decline declines it and says so', async () => {
    const { live, user, calls } = await signedIn({
      declineCall: () => ({ body: envelope(call({ status: 'ended', end_reason: 'declined' })) }),
    });
    act(() => live.send('call', call()));
    const overlay = await screen.findByRole('dialog', { name: 'Call' });
    expect(within(overlay).getByText('Incoming voice call')).toBeInTheDocument();
    expect(await within(overlay).findByRole('heading', { name: 'Maya Chen' })).toBeInTheDocument();
    await user.click(within(overlay).getByRole('button', { name: 'Decline' }));
    expect(await within(overlay).findByText('You declined the call.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/calls/call_0000000000000001/decline')).toBe(
      true,
    );
  });

  it.each([
    ['declined', 'Maya Chen declined the call.'],
    ['missed', 'Maya Chen did not answer.'],
    ['dropped', 'The call dropped: the connection was lost.'],
  ] as const)('tells the caller when the call ends as %s', async (reason, text) => {
    const { live } = await signedIn();
    act(() => live.send('call', call({}, false)));
    expect(await screen.findByText('Voice call · Ringing…')).toBeInTheDocument();
    act(() => live.send('call', call({ status: 'ended', end_reason: reason }, false)));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('a missed incoming call says so; another call of mine does not take over a ringing one', async () => {
    const { live } = await signedIn();
    act(() => live.send('call', call()));
    await screen.findByText('Incoming voice call');
    act(() => live.send('call', call({ id: 'call_other00000000000', caller_id: 'usr_x000000000000000' })));
    act(() => live.send('call', call({ status: 'ended', end_reason: 'missed' })));
    expect(await screen.findByText('Missed call from Maya Chen.')).toBeInTheDocument();
  });

  it('accepting opens the call: it offers nothing (the caller does); a failed connection ends it as dropped', async () => {
    media(async () => stream('audio'));
    const { live, user, calls } = await signedIn({
      acceptCall: () => ({
        body: envelope(call({ status: 'active', answered_at: new Date().toISOString() })),
      }),
      hangUpCall: () => ({
        body: envelope(call({ status: 'ended', end_reason: 'completed', ended_at: new Date().toISOString() })),
      }),
    });
    act(() => live.send('call', call()));
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('button', { name: 'Mute' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Camera off' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Voice call · Connecting…');
    expect(calls.some((c) => c.path.endsWith('/signal'))).toBe(false);
    act(() => FakePeer.last?.become('connected'));
    expect(screen.getByRole('status')).toHaveTextContent(/Voice call · 00:0\d/);
    act(() => FakePeer.last?.become('failed'));
    expect(await screen.findByText('The call dropped: the connection to Maya Chen was lost.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/v1/calls/call_0000000000000001/hangup')).toBe(true);
    expect(FakePeer.last?.closed).toBe(true);
  });

  it('the caller sends its offer once answered; Hang up ends it with the duration', async () => {
    media(async () => stream('audio'));
    const answered = new Date(Date.now() - 65_000).toISOString();
    const { live, user, calls } = await signedIn({
      sendCallSignal: () => ({ body: envelope(null, 'Relayed.') }),
      hangUpCall: () => ({
        body: envelope(
          call(
            // 65 s after the answer, whenever the hang-up arrives: a slow machine must not lengthen the call.
            {
              status: 'ended',
              end_reason: 'completed',
              answered_at: answered,
              ended_at: new Date(Date.parse(answered) + 65_000).toISOString(),
            },
            false,
          ),
        ),
      }),
    });
    act(() => live.send('call', call({ status: 'active', kind: 'video', answered_at: answered }, false)));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/v1/calls/call_0000000000000001/signal')?.body).toEqual({
        type: 'offer',
        sdp: 'v=0 offer 1',
      }),
    );
    expect(screen.getByRole('button', { name: 'Camera off' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hang up' }));
    expect(await screen.findByText('Call ended · 01:05')).toBeInTheDocument();
    expect(FakePeer.last?.closed).toBe(true);
  });

  it('explains a refused microphone or camera', async () => {
    media(async () => {
      throw Object.assign(new Error('denied'), { name: 'NotAllowedError' });
    });
    const { live } = await signedIn();
    act(() => live.send('call', call({ status: 'active', answered_at: new Date().toISOString() })));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The browser was not allowed to use your microphone or camera.',
    );
  });

  it('explains a missing camera', async () => {
    media(async () => {
      throw Object.assign(new Error('none'), { name: 'NotFoundError' });
    });
    const { live } = await signedIn();
    act(() => live.send('call', call({ status: 'active', kind: 'video', answered_at: new Date().toISOString() })));
    expect(await screen.findByRole('alert')).toHaveTextContent('No microphone or camera was found');
  });
});
