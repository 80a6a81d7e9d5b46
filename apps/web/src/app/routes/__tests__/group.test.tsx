import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answers, failure } from '@/test/api.ts';
import { renderApp } from '@/test/render.tsx';
import { seededGroups, seedGroupInvite } from '@/test/seed.ts';

function groups(answers: Answers, state?: { id: number }) {
  return renderApp({ path: '/group', signedIn: true, answers, ...(state ? { state } : {}) });
}

describe('group management', () => {
  it('MyGroups: Click to Follow turns into Following from the server answer; a failure says why and keeps it', async () => {
    const climate = (await seededGroups('active')).find((g) => !g.is_following);
    if (!climate) throw new Error('the test seed follows every active group of the demo account');
    const { user, calls } = groups({
      unfollowChannel: () => failure(409, 'You are not a member of this group.'),
    });
    const follow = await screen.findByRole('button', { name: `Click to Follow: ${climate.name}` });
    expect(new URLSearchParams(calls.find((c) => c.path === '/api/v1/users/me/channels')?.search).get('status')).toBe(
      'active',
    );
    await user.click(follow);
    const now = await screen.findByRole('button', { name: `Following: ${climate.name}` });
    expect(now).toHaveAttribute('aria-pressed', 'true');
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/follow'))).toBe(true);
    expect((await seededGroups('active')).find((g) => g.id === climate.id)?.is_following).toBe(true);

    // Unfollowing fails: the error is shown and the row keeps what the server last said.
    await user.click(now);
    expect(await screen.findByText('You are not a member of this group.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Following: ${climate.name}` })).toBeInTheDocument();
  });

  it('opens on Group Invites from the navigation state; Accept Invite joins and the invite goes away', async () => {
    const { group, host } = await seedGroupInvite('VC Deal Flow');
    const { user } = groups({}, { id: 3 });
    expect(await screen.findByRole('tab', { name: 'Group Invites' })).toHaveAttribute('aria-selected', 'true');
    expect(
      await screen.findByText(`Invited by ${host.first_name} ${host.last_name}`, { exact: false }),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Accept Invite: VC Deal Flow' }));
    expect(await screen.findByText('You joined VC Deal Flow.')).toBeInTheDocument();
    expect(await screen.findByText('No pending invitations.')).toBeInTheDocument();
    expect((await seededGroups()).map((g) => g.id)).toContain(group.id);
  });

  it('Inactive Groups: Reactivate', async () => {
    const inactive = await seededGroups('inactive');
    const [board] = inactive;
    if (!board) throw new Error('the test seed gives the demo account no inactive group');
    const { user } = groups({}, { id: 2 });
    const list = await screen.findByRole('list', { name: 'Inactive groups' });
    await within(list).findByText(board.name);
    await user.click(screen.getByRole('button', { name: `Reactivate ${board.name}` }));
    await waitFor(() => expect(within(list).queryByText(board.name)).not.toBeInTheDocument());
    expect(within(list).getAllByRole('listitem')).toHaveLength(inactive.length - 1);
    expect((await seededGroups('inactive')).map((g) => g.id)).not.toContain(board.id);
  });
});
