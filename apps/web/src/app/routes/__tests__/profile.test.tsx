import type { Schemas } from '@cohort/api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type Answers, envelope, errorBody, failure } from '../../../test/api.ts';
import { demoSession } from '../../../test/engine.ts';
import { channel, channelInvite, demoUser, resourcePage } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

const note = { id: 41, title: 'Coffee chat', note: 'Follow up next week.', date: '2026-11-18' };
const other = {
  ...demoUser,
  id: 'usr_other00000000000',
  first_name: 'Priya',
  last_name: 'Raman',
  email: 'priya@x.edu',
};

function ownProfile(extra: Answers = {}) {
  return renderApp({
    path: '/profile',
    signedIn: true,
    answers: {
      getMe: () => ({ body: envelope(demoUser) }),
      listNotes: () => ({ body: envelope([note]) }),
      ...extra,
    },
  });
}

describe('own profile', () => {
  it('shows the header, name, contact block from the server and the seven tabs (Posts last)', async () => {
    ownProfile();
    expect(await screen.findByRole('heading', { name: 'Dana Okafor' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit my profile' })).toBeInTheDocument();
    const contact = screen.getByText('+1 650 555 0142').closest('dl') as HTMLElement;
    expect(contact).toHaveTextContent('+1 650 555 0142');
    expect(contact).toHaveTextContent('Stanford University, Class of 2026');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Notes',
      'Media',
      'Clubs',
      'Experience',
      'Direction',
      'Interests',
      'Posts',
    ]);
    expect(await screen.findByText('Coffee chat')).toBeInTheDocument();
  });

  it('each tab fetches its own list when opened; Media reads my shared photos and files', async () => {
    const { user, calls } = ownProfile({
      listClubs: () => ({
        body: envelope([{ id: 1, name: 'Chess Club', position: 'Member' }]),
      }),
      listExperiences: () => ({ body: envelope([]) }),
      listDirections: () => ({ body: envelope([]) }),
      listInterests: () => ({ body: envelope([]) }),
      listUserMedia: () => ({
        body: { ...envelope([]), meta: { has_more: false, next_cursor: null } },
      }),
    });
    await screen.findByText('Coffee chat');
    await user.click(screen.getByRole('tab', { name: 'Media' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === `/api/v1/users/${demoUser.id}/media`).map((c) => c.search)).toEqual([
        '?kind=image&limit=30',
        '?kind=file&limit=30',
      ]),
    );
    expect(await screen.findByText('You have not shared any photos yet.')).toBeInTheDocument();
    for (const [tab, path] of [
      ['Clubs', `/api/v1/users/me/clubs/${demoUser.id}`],
      ['Experience', '/api/v1/users/me/experiences'],
      ['Direction', `/api/v1/users/me/directions/${demoUser.id}`],
      ['Interests', `/api/v1/users/me/interests/${demoUser.id}`],
    ] as const) {
      await user.click(screen.getByRole('tab', { name: tab }));
      await waitFor(() => expect(calls.at(-1)?.path).toBe(path));
      expect(calls.at(-1)?.authorization).toBe(`Bearer ${demoSession().token}`);
    }
    await user.click(screen.getByRole('tab', { name: 'Clubs' }));
    expect(await screen.findByText('Chess Club')).toBeInTheDocument();
  });

  it('Add Note: validates on every change with the spec messages and sends nothing while invalid', async () => {
    const { user, calls } = ownProfile();
    await user.click(await screen.findByRole('button', { name: 'Add Note' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Note' });
    await user.type(within(dialog).getByLabelText('Title'), 'abc');
    expect(within(dialog).getByText('Title is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Title'), 'd');
    expect(within(dialog).queryByText('Title is required')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(within(dialog).getByText('Note is invalid')).toBeInTheDocument();
    expect(within(dialog).getByText('Date is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('Add Note: a failed save shows the error and keeps the typed text; a retry that works closes the form', async () => {
    let fail = true;
    const { user, calls } = ownProfile({
      storeNote: (req) =>
        fail
          ? failure(503, 'The service is unavailable.')
          : { status: 201, body: envelope({ id: 42, ...(req.body as Schemas['NoteInput']) }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Add Note' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Note' });
    await user.type(within(dialog).getByLabelText('Title'), 'Demo night');
    await user.type(within(dialog).getByLabelText('Note'), 'Bring the deck.');
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2026-11-26' } });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The note was not saved: The service is unavailable.',
    );
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Demo night');
    expect(within(dialog).getByLabelText('Note')).toHaveValue('Bring the deck.');
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Demo night')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      title: 'Demo night',
      note: 'Bring the deck.',
      date: '2026-11-26',
    });
  });

  it('an expired session mid-note: back to sign-in with a message, and after signing in the note is still there', async () => {
    let expired = true;
    const { user } = ownProfile({
      storeNote: (req) =>
        expired
          ? failure(401, 'Your session has expired; sign in again.')
          : { status: 201, body: envelope({ id: 43, ...(req.body as Schemas['NoteInput']) }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Add Note' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Note' });
    await user.type(within(dialog).getByLabelText('Title'), 'Half-typed');
    await user.type(within(dialog).getByLabelText('Note'), 'Do not lose this.');
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2026-11-26' } });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    // The session is gone: the sign-in screen says why.
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your session has expired.');
    expired = false;
    await user.type(screen.getByLabelText('University Name'), 'Stanford University');
    await user.type(screen.getByLabelText('Email'), 'demo@cohort.test');
    await user.type(screen.getByLabelText('Password'), 'cohort-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // Back on the profile, the Add Note form is open again with what was typed.
    const again = await screen.findByRole('dialog', { name: 'Add Note' });
    expect(within(again).getByLabelText('Title')).toHaveValue('Half-typed');
    expect(within(again).getByLabelText('Note')).toHaveValue('Do not lose this.');
    await user.click(within(again).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Half-typed')).toBeInTheDocument();
  });

  it('deleting a note removes the one the server returned; a failed delete keeps it and says so', async () => {
    let fail = true;
    const { user } = ownProfile({
      deleteNote: () =>
        fail ? { status: 503, body: errorBody('The service is unavailable.') } : { body: envelope(note) },
    });
    const del = await screen.findByRole('button', { name: 'Delete note Coffee chat' });
    await user.click(del);
    expect(await screen.findByRole('alert')).toHaveTextContent('The note was not deleted: The service is unavailable.');
    expect(screen.getByText('Coffee chat')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Delete note Coffee chat' }));
    await waitFor(() => expect(screen.queryByText('Coffee chat')).not.toBeInTheDocument());
  });

  it('a failed load says so and offers a retry', async () => {
    let fail = true;
    const { user } = ownProfile({
      listNotes: () =>
        fail ? { status: 503, body: errorBody('The service is unavailable.') } : { body: envelope([note]) },
    });
    expect(await screen.findByText(/Could not load notes: The service is unavailable./)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Coffee chat')).toBeInTheDocument();
  });

  it('the clubs picker saves a club with a position through clubs/store', async () => {
    const { user, calls } = ownProfile({
      listClubs: () => ({ body: envelope([]) }),
      listResources: (req) => ({
        body: req.search.includes('resource=Club') ? resourcePage(['Chess Club']) : resourcePage(['President']),
      }),
      storeClub: (req) => ({
        status: 201,
        body: envelope({ id: 9, ...(req.body as Schemas['ClubInput']) }),
      }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Clubs' }));
    await user.click(await screen.findByRole('button', { name: 'Add or Edit My Clubs' }));
    await user.type(await screen.findByRole('combobox', { name: 'Clubs' }), 'chess');
    await user.click(await screen.findByRole('option', { name: 'Chess Club' }));
    await user.type(screen.getByRole('combobox', { name: 'Positions' }), 'pres');
    await user.click(await screen.findByRole('option', { name: 'President' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Chess Club', position: 'President' });
    expect(screen.getByText('Chess Club')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('get-all-resource/')).map((c) => c.search)).toEqual([
      '?resource=Club&per_page=100',
      '?resource=Position&per_page=100',
    ]);
  });
});

describe('removable items', () => {
  it.each([
    ['Clubs', 'listClubs', 'detachClub', 'Remove Chess Club', '/api/v1/users/me/clubs/7/detach'],
    ['Interests', 'listInterests', 'detachInterest', 'Remove Climate', '/api/v1/users/me/interests/7/detach'],
    ['Direction', 'listDirections', 'detachDirection', 'Remove Venture', '/api/v1/users/me/directions/7/detach'],
  ] as const)(
    '%s: removing calls detach and drops the item the server returned',
    async (tab, list, detach, button, path) => {
      const item = {
        id: 7,
        name: button.replace('Remove ', ''),
        position: 'Member',
        prefixed_id: 'int_abcdefghijklmnopq',
      };
      const { user, calls } = ownProfile({
        [list]: () => ({ body: envelope([item]) }),
        [detach]: () => ({ body: envelope(item) }),
      });
      await user.click(await screen.findByRole('tab', { name: tab }));
      await user.click(await screen.findByRole('button', { name: button }));
      await waitFor(() => expect(screen.queryByRole('button', { name: button })).not.toBeInTheDocument());
      expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path });
    },
  );
});

describe('Calendar', () => {
  const FRIEND = { id: 'usr_friend0000000001', first_name: 'Jazmin', last_name: 'Kessler', profile_image: null };
  const event = (over: Record<string, unknown>) => ({
    id: 1,
    title: 'Demo night',
    all_day: false,
    start: '2026-11-26T18:00:00.000Z',
    end: '2026-11-26T20:00:00.000Z',
    people: [],
    video: false,
    location: null,
    reminder_minutes: 30,
    color: 'blue',
    message_id: null,
    created_at: '2026-11-21T08:00:00.000Z',
    ...over,
  });

  it('lists the saved events by day with their time, place and people', async () => {
    const { user } = ownProfile({
      listFriends: () => ({ body: [{ ...FRIEND, email: 'j@x.edu', university: null }] }),
      listEvents: () => ({
        body: envelope([
          event({ id: 1, location: 'GSB Room 204', video: true, people: [FRIEND.id, 'usr_stranger00000001'] }),
          event({ id: 2, title: 'Career fair', all_day: true, start: '2026-11-28T00:00:00.000Z', color: 'green' }),
        ]),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Calendar' }));
    const sheet = screen.getByRole('dialog', { name: 'Calendar' });
    const first = await within(sheet).findByText('Demo night');
    const item = first.closest('li') as HTMLElement;
    expect(item).toHaveTextContent('Video call');
    expect(item).toHaveTextContent('GSB Room 204');
    await waitFor(() => expect(item).toHaveTextContent('With Jazmin Kessler, 1 other'));
    const fair = within(sheet).getByText('Career fair').closest('li') as HTMLElement;
    expect(fair).toHaveTextContent('All day');
    expect(within(sheet).getAllByRole('heading', { level: 3 })).toHaveLength(2);
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Calendar' })).not.toBeInTheDocument();
  });

  it('says when there are no events, and shows a failed load with a Retry', async () => {
    let fail = true;
    const { user } = ownProfile({
      listFriends: () => ({ body: [] }),
      listEvents: () =>
        fail ? { status: 503, body: errorBody('The service is unavailable.') } : { body: envelope([]) },
    });
    await user.click(await screen.findByRole('button', { name: 'Calendar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load your calendar: The service is unavailable.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/No events yet/)).toBeInTheDocument();
  });
});

describe('More menu', () => {
  it('opens with Group Invites, My Groups, Blocked people and Log out; closes on Escape', async () => {
    const { user } = ownProfile();
    await user.click(await screen.findByRole('button', { name: 'More' }));
    const menu = screen.getByRole('menu', { name: 'More' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
      // The engine's counts follow the first two (tested in 'shows the real group counts').
    ).toEqual([
      expect.stringMatching(/^Group Invites/),
      expect.stringMatching(/^My Groups/),
      'Blocked people',
      'Log out',
    ]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('Blocked people opens /blocked-people', async () => {
    const { user, router } = ownProfile();
    await user.click(await screen.findByRole('button', { name: 'More' }));
    await user.click(
      within(screen.getByRole('menu', { name: 'More' })).getByRole('menuitem', { name: 'Blocked people' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/blocked-people'));
  });

  it('closes 100 ms after losing focus, not before', async () => {
    const { user } = ownProfile();
    await user.click(await screen.findByRole('button', { name: 'More' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    vi.useFakeTimers();
    try {
      act(() => {
        (document.activeElement as HTMLElement).blur();
        document.body.focus();
      });
      act(() => vi.advanceTimersByTime(99));
      expect(screen.getByRole('menu')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('My Groups goes to /group', async () => {
    const { user, router } = ownProfile();
    await user.click(await screen.findByRole('button', { name: 'More' }));
    await user.click(screen.getByRole('menuitem', { name: /^My Groups/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/group'));
  });

  const countHandlers = (pending: () => Schemas['ChannelInvite'][] | Promise<Schemas['ChannelInvite'][]>): Answers => ({
    listChannelInvites: async () => ({ body: envelope(await pending()) }),
    listMyChannels: () => ({
      body: envelope([
        channel({ id: 'chan_aaaaaaaaaaaaaaaa', name: 'Founders', status: 'active' }),
        channel({ id: 'chan_bbbbbbbbbbbbbbbb', name: 'Old club', status: 'inactive' }),
      ]),
    }),
  });

  it('shows the real group counts', async () => {
    const { user } = ownProfile(countHandlers(() => [channelInvite(1)]));
    await user.click(await screen.findByRole('button', { name: 'More' }));
    const menu = screen.getByRole('menu', { name: 'More' });
    expect(await within(menu).findByText('1 Pending')).toBeInTheDocument();
    expect(within(menu).getByText('1 Active · 1 Inactive')).toBeInTheDocument();
    expect(screen.queryByText('Loading counts…')).not.toBeInTheDocument();
  });

  it('a failed count load says so with a Retry that loads them again', async () => {
    let fail = true;
    const { user } = ownProfile({
      ...countHandlers(() => [channelInvite(1)]),
      listChannelInvites: () =>
        fail ? { status: 503, body: errorBody('The service is unavailable.') } : { body: envelope([channelInvite(1)]) },
    });
    await user.click(await screen.findByRole('button', { name: 'More' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load group counts: The service is unavailable.',
    );
    expect(screen.queryByText(/Pending|Active/)).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 Pending')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('menu', { name: 'More' })).toBeInTheDocument();
  });

  it('while the counts reload, the old ones are not shown as current', async () => {
    let invites: Schemas['ChannelInvite'][] = [channelInvite(1)];
    let answer = () => {};
    let gate: Promise<void> = Promise.resolve();
    const { user } = ownProfile(
      countHandlers(async () => {
        await gate;
        return invites;
      }),
    );
    const more = await screen.findByRole('button', { name: 'More' });
    await user.click(more);
    expect(await screen.findByText('1 Pending')).toBeInTheDocument();
    await user.click(more);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    invites = [channelInvite(1), channelInvite(2)];
    gate = new Promise((resolve) => {
      answer = resolve;
    });
    await user.click(more);
    expect(await screen.findByText('Loading counts…')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading group counts' })).toBeInTheDocument();
    expect(screen.queryByText('1 Pending')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByText('2 Pending')).toBeInTheDocument();
    expect(screen.queryByText('Loading counts…')).not.toBeInTheDocument();
  });

  it('Log out: clears the state, calls the server with the token, then removes the token', async () => {
    let storedDuringCall: string | null = null;
    const { user, router, calls } = ownProfile({
      logout: () => {
        storedDuringCall = localStorage.getItem('userInfo');
        return { body: envelope(null, 'Signed out.') };
      },
    });
    await screen.findByText('Coffee chat');
    await user.click(screen.getByRole('button', { name: 'More' }));
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/v1/logout',
      authorization: `Bearer ${demoSession().token}`,
    });
    expect(storedDuringCall).not.toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
  });
});

describe("another user's profile", () => {
  const answers: Answers = {
    getUser: () => ({ body: envelope(other) }),
    listNotes: () => ({ body: envelope([note]) }),
    listClubs: () => ({
      body: envelope([{ id: 1, name: 'Chess Club', position: 'Member' }]),
    }),
    listUserExperiences: () => ({
      body: envelope([{ id: 3, university: { id: 1, name: 'MIT' }, concern: 'Finance', degree: 'MBA', year: 2025 }]),
    }),
    listInterests: () => ({
      body: envelope([{ id: 2, name: 'Climate', prefixed_id: 'int_climate000000000' }]),
    }),
    listDirections: () => ({ body: envelope([{ id: 4, name: 'VC', position: null }]) }),
  };

  it("is read-only: the other user's data with no add, edit, delete or save controls", async () => {
    const { user, calls } = renderApp({ path: `/otherProfile?id=${other.id}`, signedIn: true, answers });
    expect(await screen.findByRole('heading', { name: 'Priya Raman' })).toBeInTheDocument();
    expect(await screen.findByText('Coffee chat')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain(`/api/v1/users/me/notes/${other.id}`);
    const forbidden = /Add Note|Delete|Remove|Edit|Add or Edit|Save My Experience|Upload Resume/;
    expect(screen.queryByRole('button', { name: forbidden })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Saved Messages' })).not.toBeInTheDocument();
    for (const [tab, text] of [
      ['Clubs', 'Chess Club'],
      ['Experience', 'MIT'],
      ['Direction', 'VC'],
      ['Interests', 'Climate'],
    ] as const) {
      await user.click(screen.getByRole('tab', { name: tab }));
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: forbidden })).not.toBeInTheDocument();
    }
    expect(calls.map((c) => c.path)).toContain(`/api/v1/users/${other.id}/experiences`);
  });

  it.each([
    ['sends the invitation and says so', 201, 'Invitation to connect sent.'],
    ['shows why an invitation failed', 409, 'You already have this item.'],
  ])('Invite to Connect %s', async (_name, status, text) => {
    const { user, calls } = renderApp({
      path: `/otherProfile?id=${other.id}`,
      signedIn: true,
      answers: {
        ...answers,
        listFriends: () => ({ body: [] }),
        listConnections: () => ({
          body: { ...envelope([]), meta: { has_more: false, next_before: null } },
        }),
        connectUser: () =>
          status === 201
            ? {
                status: 201,
                body: envelope({
                  id: 1,
                  from_user_id: demoUser.id,
                  to_user_id: other.id,
                  status: 'pending',
                  created_at: '2026-11-21T08:00:00.000Z',
                }),
              }
            : failure(409, 'You already have this item.'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Invite to Connect' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(`POST /api/v1/users/${other.id}/connect`);
  });
});
