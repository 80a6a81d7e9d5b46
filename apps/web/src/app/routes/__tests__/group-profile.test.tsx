import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answers, envelope, type Recorded } from '../../../test/api.ts';
import { demoUser } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

const ID = 'chan_group00000000000';
const person = (id: string, first: string, last: string) => ({
  id,
  first_name: first,
  last_name: last,
  profile_image: null,
  university: 'Stanford University',
  program: 'MBA',
  last_seen_at: '2026-11-01T10:00:00.000Z',
});
const friend = {
  id: 'usr_friend0000000002',
  first_name: 'Omar',
  last_name: 'Haddad',
  email: 'o@x.edu',
  profile_image: null,
  university: 'MIT',
  graduation_year: 2026,
};

function detail(users: string[], subMember: boolean) {
  return {
    id: ID,
    name: 'Climate Founders',
    description: 'Students building climate-tech startups.',
    tags: [1],
    is_closed: false,
    users,
    is_member: users.includes(demoUser.id),
    member_count: users.length,
    online_count: 1,
    members: users.map((id, i) => person(id, id === demoUser.id ? 'Dana' : `Member${i}`, 'Okafor')),
    subgroups: [
      {
        id: 'chan_sub0000000000000',
        name: 'Climate Founders — Hardware',
        member_count: 12,
        expires_year: 2027,
        is_member: subMember,
      },
    ],
  };
}

function profile(extra: Answers = {}) {
  let users = [demoUser.id, 'usr_friend0000000001'];
  let subMember = false;
  const calls: Recorded[] = [];
  const view = renderApp({
    path: `/group-profile?id=${ID}`,
    signedIn: true,
    answers: {
      listMyChannels: () => ({ body: envelope([]) }),
      listFriends: () => ({ body: [friend] }),
      getChannel: () => ({ body: envelope(detail(users, subMember)) }),
      addChannelMembers: (req) => {
        calls.push(req);
        users = [...users, ...(req.body as { user_ids: string[] }).user_ids];
        return { body: envelope({ ...detail(users, subMember) }) };
      },
      joinChannel: (req) => {
        calls.push(req);
        subMember = true;
        return { body: envelope({ ...detail(users, true), name: 'Climate Founders — Hardware' }) };
      },
      leaveChannel: (req) => {
        calls.push(req);
        if (req.path.includes('sub')) subMember = false;
        return { body: envelope(detail(users, subMember)) };
      },
      ...extra,
    },
  });
  return { ...view, posted: calls };
}

describe('/group-profile', () => {
  it('shows name, counts, description and the six tabs', async () => {
    profile();
    expect(await screen.findByRole('heading', { name: 'Climate Founders' })).toBeInTheDocument();
    expect(screen.getByText('2 members · 1 online')).toBeInTheDocument();
    expect(screen.getByText('Students building climate-tech startups.')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Members',
      'SubGroup',
      'Media',
      'Files',
      'Link',
      'GIF',
    ]);
    expect(within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('a one-to-one chat is titled Chat, with no Add Members and no SubGroup tab', async () => {
    profile({
      getChannel: () => ({
        body: envelope({
          ...detail([demoUser.id, 'usr_friend0000000001'], false),
          name: 'Omar Haddad',
          is_direct: true,
        }),
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Omar Haddad' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Chat');
    expect(screen.queryByRole('button', { name: 'Add Members' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Members', 'Media', 'Files', 'Link', 'GIF']);
  });

  it('Add Members adds the chosen friends and shows them', async () => {
    const { user, posted } = profile();
    await user.click(await screen.findByRole('button', { name: 'Add Members' }));
    const picker = await screen.findByRole('dialog', { name: 'Add Members' });
    await user.click(await within(picker).findByRole('checkbox', { name: /Omar Haddad/ }));
    await user.click(within(picker).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getByText('3 members · 1 online')).toBeInTheDocument());
    expect(posted[0]?.body).toEqual({ user_ids: [friend.id] });
  });

  it('SubGroup: JOIN, then You are a member with LEAVE GROUP', async () => {
    const { user, posted } = profile();
    await user.click(await screen.findByRole('tab', { name: 'SubGroup' }));
    expect(screen.getByText(/12 members · Expires 2027/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join Climate Founders — Hardware' }));
    expect(await screen.findByText('You are a member')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Leave group Climate Founders — Hardware' }));
    expect(await screen.findByRole('button', { name: 'Join Climate Founders — Hardware' })).toBeInTheDocument();
    expect(posted.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/v1/channels/chan_sub0000000000000/join',
      'POST /api/v1/users/channels/chan_sub0000000000000/leave',
    ]);
  });

  it('Leave asks first, then goes back to /chats', async () => {
    const { user, router } = profile();
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    const confirm = screen.getByRole('dialog', { name: 'Leave Climate Founders?' });
    await user.click(within(confirm).getByRole('button', { name: 'Leave group' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats'));
  });

  it('Media, Files and Link: a failed load says why with a Retry that loads them', async () => {
    let down = true;
    const { user } = profile({
      listChannelMedia: () =>
        down
          ? { status: 503, body: { success: false, message: 'The service is unavailable.' } }
          : {
              body: {
                ...envelope([
                  {
                    kind: 'link',
                    url: 'https://example.org/deck',
                    message_id: 'msg_0000000000000001',
                    channel_id: ID,
                    sender_id: demoUser.id,
                    time: '2026-11-01T10:00:00.000Z',
                  },
                ]),
                meta: { has_more: false, next_cursor: null },
              },
            },
    });
    await screen.findByRole('heading', { name: 'Climate Founders' });
    await user.click(screen.getByRole('tab', { name: 'Link' }));
    expect(await screen.findByText('Could not load the links: The service is unavailable.')).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('/deck')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /example\.org/ })).toHaveAttribute('href', 'https://example.org/deck');
    expect(screen.queryByText(/Could not load the links/)).not.toBeInTheDocument();
  });

  it('a subgroup that needs an invitation offers no JOIN; subgroup names show the part that tells them apart', async () => {
    const closed = detail([demoUser.id], false);
    closed.subgroups = [
      { ...closed.subgroups[0], is_closed: true, is_open: false } as (typeof closed.subgroups)[number],
      {
        id: 'chan_sub0000000000002',
        name: 'Climate Founders — Software',
        member_count: 3,
        expires_year: null,
        is_member: false,
        is_closed: false,
        is_open: true,
      } as unknown as (typeof closed.subgroups)[number],
    ];
    const { user } = profile({ getChannel: () => ({ body: envelope(closed) }) });
    await screen.findByRole('heading', { name: 'Climate Founders' });
    await user.click(screen.getByRole('tab', { name: 'SubGroup' }));
    const hardware = screen.getByRole('link', { name: 'Climate Founders — Hardware' });
    expect(hardware).toHaveTextContent(/^Hardware$/);
    expect(screen.getByRole('link', { name: 'Climate Founders — Software' })).toHaveTextContent(/^Software$/);
    expect(screen.getByText('Invitation only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join Climate Founders — Hardware' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join Climate Founders — Software' })).toBeInTheDocument();
  });
});
