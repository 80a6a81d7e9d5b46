import type { Schemas } from '@cohort/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answers, envelope, type TestStream } from '../../../test/api.ts';
import { demoUser } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

const OTHER = { ...demoUser, id: 'usr_other00000000001', first_name: 'Priya', last_name: 'Raman', email: 'p@x.test' };
const summary = { id: OTHER.id, first_name: 'Priya', last_name: 'Raman', profile_image: null, last_seen_at: null };
const at = '2026-11-21T08:00:00.000Z';

type Status = 'none' | 'outgoing' | 'incoming' | 'connected';

/** A tiny server holding one relation between me and OTHER; each handler answers from it. */
function server(start: Status) {
  const s = { status: start };
  const invitation = (): Schemas['Connection'] =>
    s.status === 'incoming'
      ? { id: 7, from_user_id: OTHER.id, to_user_id: demoUser.id, status: 'pending', created_at: at, person: summary }
      : { id: 7, from_user_id: demoUser.id, to_user_id: OTHER.id, status: 'pending', created_at: at, person: summary };
  const page = (list: Schemas['Connection'][]) => ({ ...envelope(list), meta: { has_more: false, next_before: null } });
  const answered = (status: Schemas['Connection']['status']) => ({
    body: envelope({ ...invitation(), status, answered_at: at }),
  });
  const answers: Answers = {
    getUser: () => ({ body: envelope(OTHER) }),
    listNotes: () => ({ body: envelope([]) }),
    listFriends: () => ({ body: s.status === 'connected' ? [{ ...summary }] : [] }),
    listConnections: (req) => {
      const direction = new URLSearchParams(req.search).get('direction');
      const mine =
        (s.status === 'incoming' && direction === 'incoming') || (s.status === 'outgoing' && direction === 'outgoing');
      return { body: page(mine ? [invitation()] : []) };
    },
    connectUser: () => {
      s.status = 'outgoing';
      return { status: 201, body: envelope(invitation(), 'Invitation sent.') };
    },
    acceptConnection: () => {
      const r = answered('accepted');
      s.status = 'connected';
      return r;
    },
    declineConnection: () => {
      const r = answered('declined');
      s.status = 'none';
      return r;
    },
    withdrawConnection: () => {
      const r = answered('withdrawn');
      s.status = 'none';
      return r;
    },
    removeConnection: () => {
      s.status = 'none';
      return { body: envelope(null, 'Connection removed.') };
    },
  };
  return { s, answers };
}

function profile(start: Status) {
  const { s, answers } = server(start);
  return { s, ...renderApp({ streams: 'test', path: `/otherProfile?id=${OTHER.id}`, signedIn: true, answers }) };
}

const button = (name: string) => screen.findByRole('button', { name });

describe('the connection control on another person’s profile', () => {
  it('Invite to Connect → Pending with Withdraw → (withdrawn) Invite to Connect again', async () => {
    const { user, calls } = profile('none');
    await user.click(await button('Invite to Connect'));
    expect(await screen.findByText('Pending')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === `/api/v1/users/${OTHER.id}/connect`)).toBe(true);
    await user.click(await button('Withdraw'));
    expect(await button('Invite to Connect')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/connections/7/withdraw')).toBe(true);
  });

  it('their invitation shows Accept and Decline; Accept makes us connected', async () => {
    const { user, calls } = profile('incoming');
    expect(await screen.findByText('Invited you to connect')).toBeInTheDocument();
    expect(await button('Decline')).toBeInTheDocument();
    await user.click(await button('Accept'));
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/connections/7/accept')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('Decline leaves no invitation', async () => {
    const { user } = profile('incoming');
    await user.click(await button('Decline'));
    expect(await button('Invite to Connect')).toBeInTheDocument();
  });

  it('Remove asks first; Cancel keeps the connection, confirming removes it', async () => {
    const { user, calls } = profile('connected');
    await user.click(await button('Remove'));
    const dialog = await screen.findByRole('dialog', { name: 'Remove connection?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Connected')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(await button('Remove'));
    const again = await screen.findByRole('dialog', { name: 'Remove connection?' });
    await user.click(within(again).getByRole('button', { name: 'Remove' }));
    expect(await button('Invite to Connect')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/v1/users/${OTHER.id}/connection`)).toBe(true);
  });

  it('turns Connected live when the other person accepts (a `connection` event), and reads the profile again', async () => {
    const { s, streams, calls } = profile('outgoing');
    expect(await screen.findByText('Pending')).toBeInTheDocument();
    const stream = await waitFor(() => {
      const open = streams.find((st) => st.path === '/api/v1/users/me/stream' && !st.closed());
      expect(open).toBeDefined();
      return open as TestStream;
    });
    const profileReads = () => calls.filter((c) => c.path === `/api/v1/users/${OTHER.id}`).length;
    const before = profileReads();
    s.status = 'connected';
    act(() =>
      stream.send('connection', {
        id: 7,
        from_user_id: demoUser.id,
        to_user_id: OTHER.id,
        status: 'accepted',
        created_at: at,
      }),
    );
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    await waitFor(() => expect(profileReads()).toBe(before + 1));
  });
});
