import type { Schemas } from '@cohort/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answers, envelope, errorBody } from '../../../test/api.ts';
import { demoUser, resourcePage } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

const message = (id: string, text: string, time: string, sender = 'usr_friend0000000001'): Schemas['Message'] => ({
  id,
  channel_id: 'chan_a000000000000000',
  sender_id: sender,
  reply_message_id: null,
  message: text,
  time,
  files: [],
});
const channels: [Schemas['Channel'], Schemas['Channel']] = [
  {
    id: 'chan_aaaaaaaaaaaaaaaa',
    name: 'VC Deal Flow',
    description: '',
    tags: [],
    is_closed: false,
    users: [demoUser.id],
    unread_count: 4,
    last_message: message('msg_1000000000000000', 'Our pitch got into the final round!', '2026-11-20T10:00:00.000Z'),
  },
  {
    id: 'chan_bbbbbbbbbbbbbbbb',
    name: 'Weekend Hikers',
    description: '',
    tags: [],
    is_closed: false,
    users: [demoUser.id],
    unread_count: 0,
    last_message: message('msg_2000000000000000', 'Trail at 9am', '2026-11-19T10:00:00.000Z', demoUser.id),
  },
];
const friends = [
  {
    id: 'usr_friend0000000001',
    first_name: 'Priya',
    last_name: 'Raman',
    email: 'p@x.edu',
    profile_image: null,
    university: 'Stanford University',
    graduation_year: 2025,
  },
  {
    id: 'usr_friend0000000002',
    first_name: 'Omar',
    last_name: 'Haddad',
    email: 'o@x.edu',
    profile_image: null,
    university: 'MIT',
    graduation_year: 2026,
  },
];

function chats(extra: Answers = {}) {
  return renderApp({
    path: '/chats',
    signedIn: true,
    answers: {
      listMyChannels: () => ({ body: envelope(channels) }),
      listFriends: () => ({ body: friends }),
      listResources: () => ({ body: resourcePage(['Entrepreneurship', 'Climate']) }),
      getChannel: () => ({ body: errorBody('not in this test'), status: 404 }),
      ...extra,
    },
  });
}

async function toDetails(user: ReturnType<typeof chats>['user']) {
  await user.click(await screen.findByRole('button', { name: 'New message' }));
  await user.click(screen.getByRole('button', { name: 'New Group' }));
  const picker = screen.getByRole('dialog', { name: 'New Group' });
  await user.click(await within(picker).findByRole('checkbox', { name: /Priya Raman/ }));
  await user.click(within(picker).getByRole('checkbox', { name: /Omar Haddad/ }));
  expect(within(picker).getByText('2/200000')).toBeInTheDocument();
  await user.click(within(picker).getByRole('button', { name: 'Next' }));
  return screen.findByRole('dialog', { name: 'Group details' });
}

describe('/chats', () => {
  it('lists my chats with last message, own prefix and unread count; search filters them', async () => {
    const { user } = chats();
    const list = await screen.findByRole('list', { name: 'Chats' });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((r) => r.getAttribute('href'))).toEqual([
      '/chatInbox?id=chan_aaaaaaaaaaaaaaaa',
      '/chatInbox?id=chan_bbbbbbbbbbbbbbbb',
    ]);
    expect(rows[0]).toHaveTextContent('Our pitch got into the final round!');
    expect(rows[0]).toHaveTextContent('4 unread');
    expect(rows[1]).toHaveTextContent('You: Trail at 9am');
    await user.type(screen.getByRole('searchbox', { name: 'Search chats' }), 'hikers');
    expect(within(list).getAllByRole('link')).toHaveLength(1);
  });

  it('a muted chat shows its unread count without emphasis and says it is muted', async () => {
    const muted = { ...channels[1], is_muted: true, unread_count: 3 };
    chats({ listMyChannels: () => ({ body: envelope([channels[0], muted]) }) });
    const list = await screen.findByRole('list', { name: 'Chats' });
    const [loud, quiet] = within(list).getAllByRole('link');
    expect(loud).toHaveTextContent('4 unread');
    expect(loud).not.toHaveTextContent('muted');
    expect(quiet).toHaveTextContent('Muted');
    expect(quiet).toHaveTextContent('3 unread, muted');
    const badge = (row: HTMLElement | undefined, count: string) =>
      [...(row?.querySelectorAll('span') ?? [])].find((el) => el.firstChild?.textContent === count);
    // Not the accent badge of an unmuted chat.
    expect(badge(quiet, '3')?.className).not.toBe(badge(loud, '4')?.className);
  });

  it('creates a group with every field and opens its profile', async () => {
    let sent: unknown;
    const { user, router } = chats({
      storeChannel: (req) => {
        sent = req.body;
        return { status: 201, body: envelope({ ...channels[0], id: 'chan_newnewnewnewnewn', name: 'Climate Crew' }) };
      },
    });
    const details = await toDetails(user);
    await user.click(within(details).getByRole('button', { name: 'Send' }));
    expect(within(details).getByText('Group Name is required')).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await user.type(within(details).getByLabelText('Group Name'), 'Climate Crew');
    await user.click(within(details).getByRole('button', { name: 'Climate' }));
    await user.click(within(details).getByRole('switch', { name: 'Make Open' }));
    await user.type(within(details).getByLabelText('Group Description'), 'Hack nights.');
    await user.click(within(details).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/group-profile'));
    expect(router.state.location.search).toBe('?id=chan_newnewnewnewnewn');
    expect(sent).toEqual({
      name: 'Climate Crew',
      description: 'Hack nights.',
      tags: [2],
      is_closed: false,
      users: ['usr_friend0000000001', 'usr_friend0000000002'],
      parent_id: null,
      is_public: false,
      is_open: true,
      expires_year: null,
    });
  });

  it('the member picker also finds people beyond my friends (users/search)', async () => {
    let sent: { users?: string[] } | undefined;
    let searched = '';
    const { user } = chats({
      searchUsers: (req) => {
        searched = req.search;
        return {
          body: envelope({
            data: [
              {
                id: 'usr_stranger00000001',
                first_name: 'Jamal',
                last_name: 'Ade',
                profile_image: null,
                last_seen_at: null,
              },
              {
                id: 'usr_friend0000000001',
                first_name: 'Priya',
                last_name: 'Raman',
                profile_image: null,
                last_seen_at: null,
              },
            ],
            current_page: 1,
            per_page: 20,
            total: 2,
            last_page: 1,
          }),
        };
      },
      storeChannel: (req) => {
        sent = req.body as { users: string[] };
        return { status: 201, body: envelope({ ...channels[0], id: 'chan_newnewnewnewnewn' }) };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'New message' }));
    await user.click(screen.getByRole('button', { name: 'New Group' }));
    const picker = screen.getByRole('dialog', { name: 'New Group' });
    await user.type(within(picker).getByRole('searchbox', { name: 'Who would you like to add?' }), 'ja');
    const more = await within(picker).findByRole('list', { name: 'More people' });
    expect(searched).toContain('q=ja');
    // Friends are listed once, above; the search adds only the others.
    expect(within(more).getAllByRole('checkbox')).toHaveLength(1);
    await user.click(within(more).getByRole('checkbox', { name: /Jamal Ade/ }));
    await user.click(within(picker).getByRole('button', { name: 'Next' }));
    const details = await screen.findByRole('dialog', { name: 'Group details' });
    await user.type(within(details).getByLabelText('Group Name'), 'Study group');
    await user.click(within(details).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent?.users).toEqual(['usr_stranger00000001']));
  });

  it('on failure says why and keeps the form as typed', async () => {
    const { user, router } = chats({
      storeChannel: () => ({
        status: 422,
        body: errorBody('The given data was invalid.', { 'tags.0': ['No tag with id 1.'] }),
      }),
    });
    const details = await toDetails(user);
    await user.type(within(details).getByLabelText('Group Name'), 'Climate Crew');
    await user.click(within(details).getByRole('button', { name: 'Entrepreneurship' }));
    await user.click(within(details).getByRole('button', { name: 'Send' }));
    expect(
      await within(details).findByText(/Could not create the group: The given data was invalid/),
    ).toBeInTheDocument();
    expect(within(details).getByText('No tag with id 1.')).toBeInTheDocument();
    expect(within(details).getByLabelText('Group Name')).toHaveValue('Climate Crew');
    expect(router.state.location.pathname).toBe('/chats');
  });

  it('tapping a friend opens the one-to-one chat: created once (is_direct, no form), then reused; a plain group of the two is not it', async () => {
    const stored: unknown[] = [];
    const plainGroup = {
      ...channels[1],
      id: 'chan_groupofthetwo001',
      name: 'Study pair',
      users: [demoUser.id, 'usr_friend0000000001'],
      is_direct: false,
    } as (typeof channels)[number];
    const mine = [plainGroup, ...channels];
    const { user, router } = chats({
      listMyChannels: () => ({ body: envelope(mine) }),
      storeChannel: (req) => {
        stored.push(req.body);
        const created: Schemas['Channel'] = {
          ...channels[0],
          ...req.body,
          id: 'chan_priyapriyapriya1',
          users: [demoUser.id, 'usr_friend0000000001'],
        };
        mine.unshift(created);
        return { status: 201, body: envelope(created) };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'New message' }));
    const drawer = screen.getByRole('dialog', { name: 'New Message' });
    await user.click(await within(drawer).findByRole('button', { name: /Priya Raman/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chatInbox'));
    expect(router.state.location.search).toBe('?id=chan_priyapriyapriya1');
    expect(screen.queryByRole('dialog', { name: 'New Group' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Group details' })).not.toBeInTheDocument();
    expect(stored).toEqual([
      {
        name: 'Priya Raman',
        description: '',
        tags: [],
        is_closed: true,
        users: ['usr_friend0000000001'],
        parent_id: null,
        is_public: false,
        is_open: false,
        expires_year: null,
        is_direct: true,
      },
    ]);

    await act(() => router.navigate('/chats'));
    await screen.findByRole('heading', { name: 'Chats' });
    await user.click(await screen.findByRole('button', { name: 'New message' }));
    await user.click(
      await within(await screen.findByRole('dialog', { name: 'New Message' })).findByRole('button', {
        name: /Priya Raman/,
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/chatInbox'));
    expect(router.state.location.search).toBe('?id=chan_priyapriyapriya1');
    expect(stored).toHaveLength(1);
  });

  it('New Message picks people and opens their chat without a Group Name', async () => {
    let sent: unknown;
    const { user, router } = chats({
      storeChannel: (req) => {
        sent = req.body;
        return { status: 201, body: envelope({ ...channels[0], id: 'chan_twotwotwotwotwot' }) };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'New message' }));
    await user.click(screen.getByRole('button', { name: 'New Message' }));
    const picker = screen.getByRole('dialog', { name: 'New Message' });
    await user.click(await within(picker).findByRole('checkbox', { name: /Priya Raman/ }));
    await user.click(within(picker).getByRole('checkbox', { name: /Omar Haddad/ }));
    await user.click(within(picker).getByRole('button', { name: 'Chat' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=chan_twotwotwotwotwot'));
    expect(router.state.location.pathname).toBe('/chatInbox');
    expect(sent).toMatchObject({ name: 'Priya, Omar', users: ['usr_friend0000000001', 'usr_friend0000000002'] });
    // A group of several stays a plain group.
    expect(sent).not.toHaveProperty('is_direct');
  });

  it("a failed lookup of a friend's chat says why, creates nothing and keeps the drawer open", async () => {
    // The chat list cannot be read (not even by the Chats screen): asked again on the tap, it fails again.
    const { user, router, calls } = chats({
      listMyChannels: () => ({ status: 503, body: errorBody('Service unavailable.') }),
      storeChannel: () => ({ status: 201, body: envelope(channels[0]) }),
    });
    await user.click(await screen.findByRole('button', { name: 'New message' }));
    const drawer = screen.getByRole('dialog', { name: 'New Message' });
    const row = await within(drawer).findByRole('button', { name: /Omar Haddad/ });
    const reads = calls.filter((c) => c.path === '/api/v1/users/me/channels').length;
    await user.click(row);
    expect(await screen.findByText('Could not open the chat: Service unavailable.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/v1/users/me/channels').length).toBe(reads + 1);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(router.state.location.pathname).toBe('/chats');
    expect(screen.getByRole('dialog', { name: 'New Message' })).toBeInTheDocument();
  });
});
