import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure } from '@/test/api.ts';
import { renderApp } from '@/test/render.tsx';
import { engineClient, ok, seededFriend, seededStranger } from '@/test/seed.ts';

/** A seeded person (a friend when `connected`), blocked first through the API when `blocked`. */
async function person({ connected, blocked }: { connected: boolean; blocked: boolean }) {
  const id = connected ? (await seededFriend()).id : await seededStranger();
  const { first_name, last_name } = await ok(engineClient().GET('/api/v1/users/{id}', { params: { path: { id } } }));
  if (blocked) await ok(engineClient().PUT('/api/v1/users/{id}/block', { params: { path: { id } } }));
  return { id, name: `${first_name} ${last_name}` };
}

const blocks = () => ok(engineClient().GET('/api/v1/users/me/blocks'));

const button = (name: string) => screen.findByRole('button', { name });

describe('Block on another person’s profile', () => {
  it('asks first, saying what a block does; Cancel sends nothing', async () => {
    const other = await person({ connected: true, blocked: false });
    const { user, calls } = renderApp({ path: `/otherProfile?id=${other.id}`, signedIn: true });
    await user.click(await button('Block'));
    const dialog = await screen.findByRole('dialog', { name: `Block ${other.name}?` });
    expect(dialog).toHaveTextContent('You can no longer message each other in a one-to-one chat');
    expect(dialog).toHaveTextContent('Your connection ends');
    expect(dialog).toHaveTextContent(`${other.name} is not told`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(screen.getByText('Connected')).toBeInTheDocument();
  });

  it('blocking hides the connection control and Invite to Group and shows Unblock; Unblock brings them back', async () => {
    const other = await person({ connected: true, blocked: false });
    const { user, calls } = renderApp({ path: `/otherProfile?id=${other.id}`, signedIn: true });
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    await user.click(await button('Block'));
    const dialog = await screen.findByRole('dialog', { name: `Block ${other.name}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await button('Unblock')).toBeInTheDocument();
    expect(screen.getByText('Blocked')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT' && c.path === `/api/v1/users/${other.id}/block`)).toBe(true);
    expect((await blocks()).map((b) => b.user_id)).toEqual([other.id]);
    expect(screen.queryByText('Connected')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite to Connect' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Invite to Group/ })).not.toBeInTheDocument();

    await user.click(await button('Unblock'));
    // The block ended the connection: the control is back at its start.
    expect(await button('Invite to Connect')).toBeInTheDocument();
    expect(await button('Block')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/v1/users/${other.id}/block`)).toBe(true);
  });

  it('a refused block keeps the confirmation open and says why', async () => {
    const other = await person({ connected: false, blocked: false });
    const { user } = renderApp({
      path: `/otherProfile?id=${other.id}`,
      signedIn: true,
      answers: { blockUser: () => failure(409, 'You can block at most 1,000 people; unblock one first.') },
    });
    await user.click(await button('Block'));
    const dialog = await screen.findByRole('dialog', { name: `Block ${other.name}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('You can block at most 1,000 people; unblock one first.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: `Block ${other.name}?` })).toBeInTheDocument();
    expect(screen.getByText('Invite to Connect')).toBeInTheDocument();
  });
});

describe('Blocked people', () => {
  it('lists the people I blocked with Unblock; unblocking empties the list', async () => {
    const other = await person({ connected: false, blocked: true });
    const { user, calls } = renderApp({ path: '/blocked-people', signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Blocked people' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Blocked people' });
    expect(within(list).getByRole('link', { name: other.name })).toHaveAttribute(
      'href',
      `/otherProfile?id=${other.id}`,
    );
    await user.click(within(list).getByRole('button', { name: `Unblock ${other.name}` }));
    expect(await screen.findByText(/You have not blocked anyone/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/v1/users/${other.id}/block`)).toBe(true);
  });

  it('a failed read offers Retry', async () => {
    let fail = true;
    const { user } = renderApp({
      path: '/blocked-people',
      signedIn: true,
      answers: { listBlocks: () => (fail ? failure(500, 'The server failed.') : undefined) },
    });
    expect(await screen.findByText(/Could not load blocked people/)).toBeInTheDocument();
    fail = false;
    await user.click(await button('Retry'));
    await waitFor(() => expect(screen.getByText(/You have not blocked anyone/)).toBeInTheDocument());
  });
});
