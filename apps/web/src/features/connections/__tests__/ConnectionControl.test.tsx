import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoSession, signInAs } from '@/test/engine.ts';
import { renderApp } from '@/test/render.tsx';
import { engineClient, ok, seededFriend, seededStranger, seedInvitation } from '@/test/seed.ts';

type Status = 'none' | 'outgoing' | 'incoming' | 'connected';

/**
 * Another person's profile, with the relation `start` between the demo account and them made
 * through the engine: a stranger (none), an invitation either way, or a friend (connected).
 */
async function profile(start: Status) {
  const me = demoSession().id;
  const other = start === 'connected' ? (await seededFriend()).id : await seededStranger();
  const invitation =
    start === 'incoming'
      ? await seedInvitation(other, me)
      : start === 'outgoing'
        ? await seedInvitation(me, other)
        : null;
  const view = renderApp({ path: `/otherProfile?id=${other}`, signedIn: true });
  return { other, invitation, ...view };
}

const button = (name: string) => screen.findByRole('button', { name });

describe('the connection control on another person’s profile', () => {
  it('Invite to Connect → Pending with Withdraw → (withdrawn) Invite to Connect again', async () => {
    const { user, calls, other } = await profile('none');
    await user.click(await button('Invite to Connect'));
    expect(await screen.findByText('Pending')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === `/api/v1/users/${other}/connect`)).toBe(true);
    const [sent] = await ok(
      engineClient().GET('/api/v1/users/me/connections', { params: { query: { direction: 'outgoing' } } }),
    );
    expect(sent?.to_user_id).toBe(other);
    await user.click(await button('Withdraw'));
    expect(await button('Invite to Connect')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === `/api/v1/connections/${sent?.id}/withdraw`)).toBe(true);
  });

  it('their invitation shows Accept and Decline; Accept makes us connected', async () => {
    const { user, calls, invitation, other } = await profile('incoming');
    expect(await screen.findByText('Invited you to connect')).toBeInTheDocument();
    expect(await button('Decline')).toBeInTheDocument();
    await user.click(await button('Accept'));
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === `/api/v1/connections/${invitation?.id}/accept`)).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    const { data: friends = [] } = await engineClient().GET('/api/v1/users/me/friends');
    expect(friends.map((f) => f.id)).toContain(other);
  });

  it('Decline leaves no invitation', async () => {
    const { user, other } = await profile('incoming');
    await user.click(await button('Decline'));
    expect(await button('Invite to Connect')).toBeInTheDocument();
    const incoming = await ok(
      engineClient().GET('/api/v1/users/me/connections', { params: { query: { direction: 'incoming' } } }),
    );
    expect(incoming.filter((c) => c.status === 'pending').map((c) => c.from_user_id)).not.toContain(other);
  });

  it('Remove asks first; Cancel keeps the connection, confirming removes it', async () => {
    const { user, calls, other } = await profile('connected');
    await user.click(await button('Remove'));
    const dialog = await screen.findByRole('dialog', { name: 'Remove connection?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Connected')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(await button('Remove'));
    const again = await screen.findByRole('dialog', { name: 'Remove connection?' });
    await user.click(within(again).getByRole('button', { name: 'Remove' }));
    expect(await button('Invite to Connect')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/v1/users/${other}/connection`)).toBe(true);
    const { data: friends = [] } = await engineClient().GET('/api/v1/users/me/friends');
    expect(friends.map((f) => f.id)).not.toContain(other);
  });

  it('turns Connected live when the other person accepts (the engine’s `connection` event), and reads the profile again', async () => {
    const { calls, live, invitation, other } = await profile('outgoing');
    expect(await screen.findByText('Pending')).toBeInTheDocument();
    // The engine sends only to streams open when the invitation is accepted.
    await waitFor(() => expect(live).toContain('/api/v1/users/me/stream'));
    const profileReads = () => calls.filter((c) => c.path === `/api/v1/users/${other}`).length;
    const before = profileReads();
    await ok(
      engineClient(signInAs(other)).POST('/api/v1/connections/{id}/accept', {
        params: { path: { id: invitation?.id ?? 0 } },
      }),
    );
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    await waitFor(() => expect(profileReads()).toBe(before + 1));
  });
});
