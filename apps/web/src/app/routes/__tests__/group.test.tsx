import type { Schemas } from '@cohort/api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answers, envelope, errorBody } from '../../../test/api.ts';
import { demoUser } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

const group = (id: string, name: string, extra: Partial<Schemas['Channel']> = {}): Schemas['Channel'] => ({
  id: `chan_${id.padEnd(16, '0')}`,
  name,
  description: '',
  tags: [],
  is_closed: false,
  users: ['usr_demo0000000000000'],
  is_member: true,
  is_following: false,
  status: 'active',
  member_count: 4,
  ...extra,
});

function groups(answers: Answers, state?: { id: number }) {
  return renderApp({ path: '/group', signedIn: true, answers, ...(state ? { state } : {}) });
}

describe('group management', () => {
  it('MyGroups: Click to Follow turns into Following from the server answer; a failure says why and keeps it', async () => {
    let following = false;
    let broken = false;
    const climate = () => group('a', 'Climate Founders', { is_following: following });
    const { user, calls } = groups({
      listMyChannels: () => ({ body: envelope([climate()]) }),
      listChannelInvites: () => ({ body: envelope([]) }),
      followChannel: () => {
        if (broken) return { status: 409, body: errorBody('You are not a member of this group.') };
        following = true;
        return { body: envelope(climate()) };
      },
      unfollowChannel: () => {
        if (broken) return { status: 409, body: errorBody('You are not a member of this group.') };
        following = false;
        return { body: envelope(climate()) };
      },
    });
    const follow = await screen.findByRole('button', { name: 'Click to Follow: Climate Founders' });
    expect(new URLSearchParams(calls.find((c) => c.path === '/api/v1/users/me/channels')?.search).get('status')).toBe(
      'active',
    );
    await user.click(follow);
    const now = await screen.findByRole('button', { name: 'Following: Climate Founders' });
    expect(now).toHaveAttribute('aria-pressed', 'true');
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/follow'))).toBe(true);

    // Unfollowing fails: the error is shown and the row keeps what the server last said.
    broken = true;
    await user.click(now);
    expect(await screen.findByText('You are not a member of this group.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Following: Climate Founders' })).toBeInTheDocument();
  });

  it('opens on Group Invites from the navigation state; Accept Invite joins and the invite goes away', async () => {
    let pending: Schemas['ChannelInvite'][] = [
      {
        id: 3,
        channel_id: 'chan_b000000000000000',
        channel_name: 'VC Deal Flow',
        user_id: 'usr_demo0000000000000',
        invited_by: 'usr_x000000000000000',
        status: 'pending',
        created_at: '2026-11-21T08:00:00.000Z',
      },
    ];
    const { user } = groups(
      {
        listChannelInvites: () => ({ body: envelope(pending) }),
        listMyChannels: () => ({ body: envelope([]) }),
        getUser: () => ({ body: envelope({ ...demoUser, first_name: 'Priya', last_name: 'Raman' }) }),
        acceptChannelInvite: () => {
          pending = [];
          return { body: envelope(group('b', 'VC Deal Flow')) };
        },
      },
      { id: 3 },
    );
    expect(await screen.findByRole('tab', { name: 'Group Invites' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText(/Invited by Priya Raman/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Accept Invite: VC Deal Flow' }));
    expect(await screen.findByText('You joined VC Deal Flow.')).toBeInTheDocument();
    expect(await screen.findByText('No pending invitations.')).toBeInTheDocument();
  });

  it('Inactive Groups: Reactivate', async () => {
    let inactive = [group('c', 'Board Game Night', { status: 'inactive' })];
    const { user } = groups(
      {
        listMyChannels: (req) => ({
          body: envelope(new URLSearchParams(req.search).get('status') === 'inactive' ? inactive : []),
        }),
        listChannelInvites: () => ({ body: envelope([]) }),
        reactivateChannel: () => {
          inactive = [];
          return { body: envelope(group('c', 'Board Game Night')) };
        },
      },
      { id: 2 },
    );
    const list = await screen.findByRole('list', { name: 'Inactive groups' });
    await within(list).findByText('Board Game Night');
    await user.click(screen.getByRole('button', { name: 'Reactivate Board Game Night' }));
    expect(await screen.findByText('No inactive groups.')).toBeInTheDocument();
  });
});
