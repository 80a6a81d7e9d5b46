import type { Schemas } from '@cohort/api';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { envelope, errorBody } from '@/test/api.ts';
import { renderApp } from '@/test/render.tsx';
import { CALL_HANDLERS, call, MAYA } from './fixtures.ts';

const page = (data: Schemas['Call'][]) => ({
  body: { ...envelope(data), meta: { has_more: false, next_before: null } },
});
const HISTORY = [
  call({
    id: 'call_1000000000000000',
    status: 'ended',
    end_reason: 'missed',
    ended_at: '2026-11-25T08:00:30.000Z',
    direction: 'incoming',
    person: MAYA,
  }),
  call(
    {
      id: 'call_2000000000000000',
      status: 'ended',
      end_reason: 'completed',
      kind: 'video',
      answered_at: '2026-11-25T08:00:05.000Z',
      ended_at: '2026-11-25T08:01:10.000Z',
      direction: 'outgoing',
      person: MAYA,
    },
    false,
  ),
  call(
    { id: 'call_3000000000000000', status: 'ended', end_reason: 'declined', direction: 'outgoing', person: MAYA },
    false,
  ),
];

afterEach(() => localStorage.clear());

describe('call history (/calls)', () => {
  it('lists incoming, outgoing and missed calls with how each ended', async () => {
    renderApp({
      path: '/calls',
      signedIn: true,
      answers: { ...CALL_HANDLERS, listCalls: () => page(HISTORY) },
    });
    const list = await screen.findByRole('list', { name: 'Calls' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Voice call · Missed');
    expect(rows[1]).toHaveTextContent('Video call · Outgoing · 01:05');
    expect(rows[2]).toHaveTextContent('Voice call · Declined');
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Maya Chen' })).toHaveAttribute(
      'href',
      `/otherProfile?id=${MAYA.id}`,
    );
  });

  it('says when there are no calls yet', async () => {
    renderApp({ path: '/calls', signedIn: true, answers: CALL_HANDLERS });
    expect(await screen.findByText('No calls yet.')).toBeInTheDocument();
  });

  it('calls back from a row: the call rings on screen', async () => {
    const { user, calls } = renderApp({
      path: '/calls',
      signedIn: true,
      answers: {
        ...CALL_HANDLERS,
        listCalls: () => page(HISTORY),
        startCall: () => ({ status: 201, body: envelope(call({ kind: 'video' }, false), 'Ringing.') }),
      },
    });
    const [missed] = await screen.findAllByRole('button', { name: 'Video call Maya Chen back' });
    await user.click(missed as HTMLElement);
    const overlay = await screen.findByRole('dialog', { name: 'Call' });
    expect(within(overlay).getByText('Video call · Ringing…')).toBeInTheDocument();
    expect(await within(overlay).findByRole('heading', { name: 'Maya Chen' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/v1/calls')?.body).toEqual({
      user_id: MAYA.id,
      kind: 'video',
    });
  });

  it('shows busy (409) in the call screen, and Close removes it', async () => {
    const { user } = renderApp({
      path: '/calls',
      signedIn: true,
      answers: {
        ...CALL_HANDLERS,
        listCalls: () => page(HISTORY),
        startCall: () => ({ status: 409, body: errorBody('Maya Chen is in another call.') }),
      },
    });
    const [back] = await screen.findAllByRole('button', { name: 'Call Maya Chen back' });
    await user.click(back as HTMLElement);
    const overlay = await screen.findByRole('dialog', { name: 'Call' });
    expect(within(overlay).getByRole('alert')).toHaveTextContent('Maya Chen is in another call.');
    await user.click(within(overlay).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Call' })).not.toBeInTheDocument();
  });
});
