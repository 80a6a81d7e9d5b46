import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type Answers, failure } from '@/test/api.ts';
import { demoSession, signInAs } from '@/test/engine.ts';
import { renderApp } from '@/test/render.tsx';
import { engineClient, ok, seededGroups, seededMe, seededStranger, seedGroupInvite, seedNote } from '@/test/seed.ts';

/** The demo account's own profile on the engine (its seeded data), under `extra` for the states it cannot give. */
function ownProfile(extra: Answers = {}) {
  return renderApp({ path: '/profile', signedIn: true, answers: extra });
}

/** The demo account's notes as the engine holds them. */
const engineNotes = () =>
  ok(engineClient().GET('/api/v1/users/me/notes/{id}', { params: { path: { id: demoSession().id } } }));

describe('own profile', () => {
  it('shows the header, name, contact block from the server and the seven tabs (Posts last)', async () => {
    await seedNote();
    const me = await seededMe();
    ownProfile();
    expect(await screen.findByRole('heading', { name: `${me.first_name} ${me.last_name}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit my profile' })).toBeInTheDocument();
    const contact = screen.getByText(me.phone ?? '').closest('dl') as HTMLElement;
    expect(contact).toHaveTextContent(`${me.university}, Class of ${me.graduation_year}`);
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
    const { id } = demoSession();
    const client = engineClient();
    const [club] = await ok(client.GET('/api/v1/users/me/clubs/{userId}', { params: { path: { userId: id } } }));
    const photos = await ok(
      client.GET('/api/v1/users/{id}/media', { params: { path: { id }, query: { kind: 'image', limit: 30 } } }),
    );
    if (!club || photos.length === 0) throw new Error('the test seed gives the demo account no club or no photo');
    const { user, calls } = ownProfile();
    await user.click(await screen.findByRole('tab', { name: 'Media' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === `/api/v1/users/${id}/media`).map((c) => c.search)).toEqual([
        '?kind=image&limit=30',
        '?kind=file&limit=30',
      ]),
    );
    const grid = await screen.findByRole('list', { name: 'Photos' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(photos.length);
    for (const [tab, path] of [
      ['Clubs', `/api/v1/users/me/clubs/${id}`],
      ['Experience', '/api/v1/users/me/experiences'],
      ['Direction', `/api/v1/users/me/directions/${id}`],
      ['Interests', `/api/v1/users/me/interests/${id}`],
    ] as const) {
      await user.click(screen.getByRole('tab', { name: tab }));
      await waitFor(() => expect(calls.at(-1)?.path).toBe(path));
      expect(calls.at(-1)?.authorization).toBe(`Bearer ${demoSession().token}`);
    }
    await user.click(screen.getByRole('tab', { name: 'Clubs' }));
    expect(await screen.findByText(club.name)).toBeInTheDocument();
  });

  it('Add Note: validates on every change with each field’s message and sends nothing while invalid', async () => {
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
      storeNote: () => (fail ? failure(503, 'The service is unavailable.') : undefined),
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
    // The engine stored it once (the failed try stored nothing).
    expect((await engineNotes()).filter((n) => n.title === 'Demo night')).toHaveLength(1);
  });

  it('an expired session mid-note: back to sign-in with a message, and after signing in the note is still there', async () => {
    let expired = true;
    const { user } = ownProfile({
      storeNote: () => (expired ? failure(401, 'Your session has expired; sign in again.') : undefined),
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
    expect((await engineNotes()).map((n) => n.title)).toContain('Half-typed');
  });

  it('deleting a note removes the one the server returned; a failed delete keeps it and says so', async () => {
    const seeded = await seedNote();
    let fail = true;
    const { user } = ownProfile({
      deleteNote: () => (fail ? failure(503, 'The service is unavailable.') : undefined),
    });
    const del = await screen.findByRole('button', { name: 'Delete note Coffee chat' });
    await user.click(del);
    expect(await screen.findByRole('alert')).toHaveTextContent('The note was not deleted: The service is unavailable.');
    expect(screen.getByText('Coffee chat')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Delete note Coffee chat' }));
    await waitFor(() => expect(screen.queryByText('Coffee chat')).not.toBeInTheDocument());
    expect((await engineNotes()).map((n) => n.id)).not.toContain(seeded.id);
  });

  it('a failed load says so and offers a retry', async () => {
    await seedNote();
    let fail = true;
    const { user } = ownProfile({
      listNotes: () => (fail ? failure(503, 'The service is unavailable.') : undefined),
    });
    expect(await screen.findByText(/Could not load notes: The service is unavailable./)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Coffee chat')).toBeInTheDocument();
  });

  it('the clubs picker saves a club with a position through clubs/store', async () => {
    const { user, calls } = ownProfile();
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
    const clubs = await ok(
      engineClient().GET('/api/v1/users/me/clubs/{userId}', { params: { path: { userId: demoSession().id } } }),
    );
    expect(clubs).toContainEqual(expect.objectContaining({ name: 'Chess Club', position: 'President' }));
  });
});

describe('removable items', () => {
  const mine = () => ({ params: { path: { userId: demoSession().id } } });
  const lists = {
    clubs: () => ok(engineClient().GET('/api/v1/users/me/clubs/{userId}', mine())),
    interests: () => ok(engineClient().GET('/api/v1/users/me/interests/{userId}', mine())),
    directions: () => ok(engineClient().GET('/api/v1/users/me/directions/{userId}', mine())),
  };
  it.each([
    ['Clubs', 'clubs'],
    ['Interests', 'interests'],
    ['Direction', 'directions'],
  ] as const)('%s: removing calls detach and drops the item the server returned', async (tab, kind) => {
    const read = lists[kind];
    const [item] = await read();
    if (!item) throw new Error(`the test seed gives the demo account no ${kind}`);
    const { user, calls } = ownProfile();
    await user.click(await screen.findByRole('tab', { name: tab }));
    await user.click(await screen.findByRole('button', { name: `Remove ${item.name}` }));
    await waitFor(() => expect(screen.queryByRole('button', { name: `Remove ${item.name}` })).not.toBeInTheDocument());
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/v1/users/me/${kind}/${item.id}/detach` });
    expect((await read()).map((i) => i.id)).not.toContain(item.id);
  });
});

describe('Calendar', () => {
  it('lists the saved events by day with their time, place and people', async () => {
    const client = engineClient();
    const { data: friends = [] } = await client.GET('/api/v1/users/me/friends');
    const [friend] = friends;
    const stranger = (await ok(client.GET('/api/v1/users/me/channels')))
      .flatMap((g) => g.users)
      .find((id) => id !== demoSession().id && !friends.some((f) => f.id === id));
    if (!friend || !stranger)
      throw new Error('the test seed gives the demo account no friend or no stranger in a group');
    const event = { all_day: false, video: false, reminder_minutes: 30, color: 'blue' as const, people: [] };
    await ok(
      client.POST('/api/v1/users/me/events', {
        body: {
          ...event,
          title: 'Demo night',
          start: '2026-11-26T18:00:00.000Z',
          end: '2026-11-26T20:00:00.000Z',
          location: 'GSB Room 204',
          video: true,
          people: [friend.id, stranger],
        },
      }),
    );
    await ok(
      client.POST('/api/v1/users/me/events', {
        body: {
          ...event,
          title: 'Career fair',
          all_day: true,
          start: '2026-11-28T00:00:00.000Z',
          end: '2026-11-28T00:00:00.000Z',
          color: 'green' as const,
        },
      }),
    );
    const { user } = ownProfile();
    await user.click(await screen.findByRole('button', { name: 'Calendar' }));
    const sheet = screen.getByRole('dialog', { name: 'Calendar' });
    const first = await within(sheet).findByText('Demo night');
    const item = first.closest('li') as HTMLElement;
    expect(item).toHaveTextContent('Video call');
    expect(item).toHaveTextContent('GSB Room 204');
    await waitFor(() => expect(item).toHaveTextContent(`With ${friend.first_name} ${friend.last_name}, 1 other`));
    const fair = within(sheet).getByText('Career fair').closest('li') as HTMLElement;
    expect(fair).toHaveTextContent('All day');
    expect(within(sheet).getAllByRole('heading', { level: 3 })).toHaveLength(2);
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Calendar' })).not.toBeInTheDocument();
  });

  it('says when there are no events (the seed gives the demo account none), and shows a failed load with a Retry', async () => {
    let fail = true;
    const { user } = ownProfile({
      listEvents: () => (fail ? failure(503, 'The service is unavailable.') : undefined),
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

  /** The counts the engine's data gives: pending invitations, then my active and inactive groups. */
  const engineCounts = async () => {
    const groups = await seededGroups();
    const invites = await ok(engineClient().GET('/api/v1/users/me/channel-invites'));
    const inactive = groups.filter((g) => g.status === 'inactive').length;
    return { pending: invites.length, active: groups.length - inactive, inactive };
  };

  it('shows the real group counts', async () => {
    await seedGroupInvite();
    const counts = await engineCounts();
    expect(counts.pending).toBe(1);
    const { user } = ownProfile();
    await user.click(await screen.findByRole('button', { name: 'More' }));
    const menu = screen.getByRole('menu', { name: 'More' });
    expect(await within(menu).findByText('1 Pending')).toBeInTheDocument();
    expect(within(menu).getByText(`${counts.active} Active · ${counts.inactive} Inactive`)).toBeInTheDocument();
    expect(screen.queryByText('Loading counts…')).not.toBeInTheDocument();
  });

  it('a failed count load says so with a Retry that loads them again', async () => {
    await seedGroupInvite();
    let fail = true;
    const { user } = ownProfile({
      listChannelInvites: () => (fail ? failure(503, 'The service is unavailable.') : undefined),
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
    await seedGroupInvite();
    let answer = () => {};
    let gate: Promise<void> = Promise.resolve();
    // The engine answers, once the gate opens.
    const { user } = ownProfile({
      listChannelInvites: async () => {
        await gate;
        return undefined;
      },
    });
    const more = await screen.findByRole('button', { name: 'More' });
    await user.click(more);
    expect(await screen.findByText('1 Pending')).toBeInTheDocument();
    await user.click(more);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await seedGroupInvite('Second group');
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
    await seedNote();
    const { user, router, calls } = ownProfile({
      logout: () => {
        storedDuringCall = localStorage.getItem('userInfo');
        return undefined;
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
  it("is read-only: the other user's data with no add, edit, delete or save controls", async () => {
    // Not a connection (a friend's profile has the connection's own Remove); they fill in their profile.
    const id = await seededStranger();
    const as = engineClient(signInAs(id));
    const person = await seededMe(as);
    await seedNote({ title: 'Coffee chat' }, as);
    await ok(as.POST('/api/v1/users/me/clubs/store', { body: { name: 'Chess Club', position: 'Captain' } }));
    await ok(
      as.POST('/api/v1/users/me/experiences/store', {
        body: { uni_name: 'MIT', concern: 'Finance', year: 2025, degree: 'MBA' },
      }),
    );
    await ok(as.POST('/api/v1/users/me/directions/store', { body: { name: 'Venture Capital' } }));
    await ok(as.POST('/api/v1/users/me/interests/store', { body: { name: 'Sailing' } }));
    const { user, calls } = renderApp({ path: `/otherProfile?id=${id}`, signedIn: true });
    expect(
      await screen.findByRole('heading', { name: `${person.first_name} ${person.last_name}` }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Coffee chat')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain(`/api/v1/users/me/notes/${id}`);
    const forbidden = /Add Note|Delete|Remove|Edit|Add or Edit|Save My Experience|Upload Resume/;
    expect(screen.queryByRole('button', { name: forbidden })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Saved Messages' })).not.toBeInTheDocument();
    for (const [tab, text] of [
      ['Clubs', 'Chess Club'],
      ['Experience', 'MIT'],
      ['Direction', 'Venture Capital'],
      ['Interests', 'Sailing'],
    ] as const) {
      await user.click(screen.getByRole('tab', { name: tab }));
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: forbidden })).not.toBeInTheDocument();
    }
    expect(calls.map((c) => c.path)).toContain(`/api/v1/users/${id}/experiences`);
  });

  it('Invite to Connect sends the invitation and says so; the engine holds it', async () => {
    const id = await seededStranger();
    const { user, calls } = renderApp({ path: `/otherProfile?id=${id}`, signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Invite to Connect' }));
    expect(await screen.findByText('Invitation to connect sent.')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(`POST /api/v1/users/${id}/connect`);
    const sent = await ok(
      engineClient().GET('/api/v1/users/me/connections', { params: { query: { direction: 'outgoing' } } }),
    );
    expect(sent.map((c) => c.to_user_id)).toContain(id);
  });

  it('Invite to Connect shows why an invitation failed', async () => {
    const id = await seededStranger();
    const { user } = renderApp({
      path: `/otherProfile?id=${id}`,
      signedIn: true,
      answers: { connectUser: () => failure(409, 'You already have this item.') },
    });
    await user.click(await screen.findByRole('button', { name: 'Invite to Connect' }));
    expect(await screen.findByText('You already have this item.')).toBeInTheDocument();
  });
});
