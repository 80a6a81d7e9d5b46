import type { Schemas } from '@cohort/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answers, envelope, errorBody, failure } from '../../../test/api.ts';
import { demoUser } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

const OTHER = { ...demoUser, id: 'usr_other00000000001', first_name: 'Priya', last_name: 'Raman', email: 'p@x.test' };
const summary = { id: OTHER.id, first_name: 'Priya', last_name: 'Raman', profile_image: null, last_seen_at: null };
const at = '2026-11-21T08:00:00.000Z';
const page = <T,>(list: T[]) => ({ ...envelope(list), meta: { has_more: false, next_before: null } });

/** A tiny server holding whether I am connected to and whether I blocked OTHER. */
function server(start: { connected: boolean; blocked: boolean }) {
  const s = { ...start };
  const block = { id: 4, user_id: OTHER.id, created_at: at, person: summary };
  const answers: Answers = {
    getUser: () => ({
      // Contact details hidden across a block; `is_blocked` only when I blocked them.
      body: envelope(s.blocked ? { ...OTHER, email: undefined, is_blocked: true } : OTHER),
    }),
    listNotes: () => ({ body: envelope([]) }),
    listFriends: () => ({ body: s.connected ? [summary] : [] }),
    listConnections: () => ({ body: page<Schemas['Connection']>([]) }),
    listBlocks: () => ({ body: page(s.blocked ? [block] : []) }),
    blockUser: () => {
      s.blocked = true;
      s.connected = false;
      return { body: envelope({ id: 4, user_id: OTHER.id, created_at: at }, 'Blocked.') };
    },
    unblockUser: () => {
      s.blocked = false;
      return { body: envelope(null, 'Unblocked.') };
    },
  };
  return { s, answers };
}

const button = (name: string) => screen.findByRole('button', { name });

describe('Block on another person’s profile', () => {
  it('asks first, saying what a block does; Cancel sends nothing', async () => {
    const { answers } = server({ connected: true, blocked: false });
    const { user, calls } = renderApp({ path: `/otherProfile?id=${OTHER.id}`, signedIn: true, answers });
    await user.click(await button('Block'));
    const dialog = await screen.findByRole('dialog', { name: 'Block Priya Raman?' });
    expect(dialog).toHaveTextContent('You can no longer message each other in a one-to-one chat');
    expect(dialog).toHaveTextContent('Your connection ends');
    expect(dialog).toHaveTextContent('Priya Raman is not told');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(screen.getByText('Connected')).toBeInTheDocument();
  });

  it('blocking hides the connection control and Invite to Group and shows Unblock; Unblock brings them back', async () => {
    const { answers } = server({ connected: true, blocked: false });
    const { user, calls } = renderApp({ path: `/otherProfile?id=${OTHER.id}`, signedIn: true, answers });
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    await user.click(await button('Block'));
    const dialog = await screen.findByRole('dialog', { name: 'Block Priya Raman?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await button('Unblock')).toBeInTheDocument();
    expect(screen.getByText('Blocked')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT' && c.path === `/api/v1/users/${OTHER.id}/block`)).toBe(true);
    expect(screen.queryByText('Connected')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite to Connect' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Invite to Group/ })).not.toBeInTheDocument();

    await user.click(await button('Unblock'));
    // The block ended the connection: the control is back at its start.
    expect(await button('Invite to Connect')).toBeInTheDocument();
    expect(await button('Block')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/v1/users/${OTHER.id}/block`)).toBe(true);
  });

  it('a refused block keeps the confirmation open and says why', async () => {
    const { answers } = server({ connected: false, blocked: false });
    const { user } = renderApp({
      path: `/otherProfile?id=${OTHER.id}`,
      signedIn: true,
      answers: {
        ...answers,
        blockUser: () => ({
          status: 409,
          body: errorBody('You can block at most 1,000 people; unblock one first.'),
        }),
      },
    });
    await user.click(await button('Block'));
    const dialog = await screen.findByRole('dialog', { name: 'Block Priya Raman?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('You can block at most 1,000 people; unblock one first.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Block Priya Raman?' })).toBeInTheDocument();
    expect(screen.getByText('Invite to Connect')).toBeInTheDocument();
  });
});

describe('Blocked people', () => {
  it('lists the people I blocked with Unblock; unblocking empties the list', async () => {
    const { answers } = server({ connected: false, blocked: true });
    const { user, calls } = renderApp({ path: '/blocked-people', signedIn: true, answers });
    expect(await screen.findByRole('heading', { name: 'Blocked people' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Blocked people' });
    expect(within(list).getByRole('link', { name: 'Priya Raman' })).toHaveAttribute(
      'href',
      `/otherProfile?id=${OTHER.id}`,
    );
    await user.click(within(list).getByRole('button', { name: 'Unblock Priya Raman' }));
    expect(await screen.findByText(/You have not blocked anyone/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/v1/users/${OTHER.id}/block`)).toBe(true);
  });

  it('a failed read offers Retry', async () => {
    let fail = true;
    const { answers } = server({ connected: false, blocked: true });
    const { user } = renderApp({
      path: '/blocked-people',
      signedIn: true,
      answers: {
        ...answers,
        listBlocks: () => (fail ? failure(500, 'The server failed.') : { body: page<Schemas['Block']>([]) }),
      },
    });
    expect(await screen.findByText(/Could not load blocked people/)).toBeInTheDocument();
    fail = false;
    await user.click(await button('Retry'));
    await waitFor(() => expect(screen.getByText(/You have not blocked anyone/)).toBeInTheDocument());
  });
});
