import type { Schemas } from '@cohort/api';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Answers, envelope, type Resolver } from '@/test/api.ts';
import { demoUser } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render.tsx';
import { CALL_HANDLERS, call, MAYA } from './fixtures.ts';

const started =
  (over: Partial<Schemas['Call']> = {}): Resolver<'startCall'> =>
  () => ({
    status: 201,
    body: envelope(call(over, false), 'Ringing.'),
  });

afterEach(() => localStorage.clear());

describe("the own profile's Video", () => {
  const friends = [
    { ...MAYA, university: 'Stanford University', graduation_year: 2025 },
    { id: 'usr_omar000000000000', first_name: 'Omar', last_name: 'Haddad', profile_image: null, university: null },
  ];

  it('opens my connections, searchable; choosing one starts a video call to them', async () => {
    const { user, calls } = renderApp({
      path: '/profile',
      signedIn: true,
      answers: {
        ...CALL_HANDLERS,
        listNotes: () => ({ body: envelope([]) }),
        listFriends: () => ({ body: friends }),
        startCall: started({ kind: 'video' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Video' }));
    const picker = await screen.findByRole('dialog', { name: 'Video call a friend' });
    const list = await within(picker).findByRole('list', { name: 'Friends' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Video call Maya Chen', 'Video call Omar Haddad']);
    await user.type(within(picker).getByRole('searchbox', { name: 'Search friends' }), 'oma');
    expect(within(list).getAllByRole('button')).toHaveLength(1);
    await user.click(within(picker).getByRole('button', { name: 'Video call Omar Haddad' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/v1/calls')?.body).toEqual({
        user_id: 'usr_omar000000000000',
        kind: 'video',
      }),
    );
    expect(screen.queryByRole('dialog', { name: 'Video call a friend' })).not.toBeInTheDocument();
    expect(await screen.findByText('Video call · Ringing…')).toBeInTheDocument();
  });

  it('with no connections says so; Calls still opens the history', async () => {
    const { user } = renderApp({
      path: '/profile',
      signedIn: true,
      answers: {
        ...CALL_HANDLERS,
        listNotes: () => ({ body: envelope([]) }),
        listFriends: () => ({ body: [] }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Video' }));
    expect(await screen.findByText(/No connections yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('link', { name: 'Calls' }));
    expect(await screen.findByRole('heading', { name: 'Calls' })).toBeInTheDocument();
  });
});

describe('calling from a chat', () => {
  const DIRECT = 'chan_direct0000000000';
  const chat = (isDirect: boolean) => ({
    id: DIRECT,
    name: isDirect ? 'Maya Chen' : 'Climate Founders',
    description: '',
    tags: [],
    is_closed: true,
    is_direct: isDirect,
    users: [demoUser.id, MAYA.id],
    member_count: 2,
    online_count: 1,
    members: [],
    subgroups: [],
  });
  const inbox = (isDirect: boolean, extra: Answers = {}) =>
    renderApp({
      path: `/chatInbox?id=${DIRECT}`,
      signedIn: true,
      answers: {
        ...CALL_HANDLERS,
        listMyChannels: () => ({ body: envelope([chat(isDirect)]) }),
        getChannel: () => ({ body: envelope(chat(isDirect)) }),
        getChannelMessages: () => ({
          body: { ...envelope([]), meta: { has_more: false, next_before: null } },
        }),
        markChannelRead: () => ({ body: envelope(chat(isDirect)) }),
        ...extra,
      },
    });

  it.each([
    ['Voice call Maya Chen', 'audio', 'Voice call · Ringing…'],
    ['Video call Maya Chen', 'video', 'Video call · Ringing…'],
  ] as const)('a one-to-one chat\'s "%s" calls the other person', async (button, kind, ringing) => {
    const { user, calls } = inbox(true, { startCall: started({ kind }) });
    const header = await screen.findByRole('banner');
    await user.click(await within(header).findByRole('button', { name: button }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/v1/calls')?.body).toEqual({
        user_id: MAYA.id,
        kind,
      }),
    );
    expect(await screen.findByText(ringing)).toBeInTheDocument();
  });

  it('a group chat has no call buttons', async () => {
    inbox(false);
    const header = await screen.findByRole('banner');
    await within(header).findByRole('heading', { name: 'Climate Founders' });
    expect(within(header).queryByRole('button', { name: /call/i })).not.toBeInTheDocument();
  });
});
