import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope } from '../../../test/api.ts';
import { demoUser } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

const people = [
  { ...demoUser, id: 'usr_a000000000000000', first_name: 'Priya', last_name: 'Raman' },
  { ...demoUser, id: 'usr_b000000000000000', first_name: 'Tom', last_name: 'Chen' },
  { ...demoUser, id: 'usr_c000000000000000', first_name: 'Ana', last_name: 'Lima' },
];
/** The fixture person whose id ends `path`. */
function personAt(path: string) {
  const person = people.find((p) => path.endsWith(p.id));
  if (!person) throw new Error(`no fixture person for ${path}`);
  return person;
}

function connector() {
  return renderApp({
    path: '/otherProfile',
    signedIn: true,
    state: { ids: people.map((p) => p.id), listId: 7 },
    answers: {
      getUser: (req) => ({ body: envelope(personAt(req.path)) }),
      listNotes: () => ({ body: envelope([]) }),
      listMyChannels: () => ({ body: envelope([]) }),
      removeSavedListMember: () => ({
        body: envelope({
          id: 7,
          name: 'Founders',
          count: 2,
          created_at: demoUser.created_at,
          deleted_at: null,
          members: [],
        }),
      }),
    },
  });
}

describe('individual profile connector', () => {
  it('Back from View Shared Groups returns to the same person, and removed people stay removed', async () => {
    const { user, calls } = connector();
    await screen.findByRole('heading', { name: 'Priya Raman' });
    await user.click(screen.getByRole('button', { name: 'Remove from List' }));
    await screen.findByRole('heading', { name: 'Tom Chen' });
    expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/members/usr_a000000000000000'))).toBe(true);
    expect(screen.getByText('Person 2 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'View Shared Groups' }));
    await screen.findByRole('heading', { name: 'Shared Groups' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Tom Chen' });
    expect(screen.getByText('Person 2 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Keep in List' }));
    await screen.findByRole('heading', { name: 'Ana Lima' });
    await user.click(screen.getByRole('link', { name: 'View Shared Groups' }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Ana Lima' });
    expect(screen.getByText('Person 3 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep in List' }));
    expect(await screen.findByText('You have gone through everyone you chose in this list.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Priya Raman' })).not.toBeInTheDocument();
  });

  it('skips people removed earlier even when the saved position points at them', async () => {
    renderApp({
      path: '/otherProfile',
      signedIn: true,
      state: { ids: people.map((p) => p.id), listId: 7, at: 0, removed: [people[0]?.id] },
      answers: {
        getUser: (req) => ({ body: envelope(personAt(req.path)) }),
      },
    });
    await screen.findByRole('heading', { name: 'Tom Chen' });
    expect(screen.getByText('Person 2 of 3')).toBeInTheDocument();
  });
});

describe('a profile opened by link (/otherProfile?id=…)', () => {
  it('Invite to Group picks a group and sends the invitation for that person', async () => {
    const group = {
      id: 'chan_group00000000000',
      name: 'Climate Founders',
      description: '',
      tags: [],
      is_closed: false,
    };
    const { user, calls } = renderApp({
      path: `/otherProfile?id=${people[1]?.id}`,
      signedIn: true,
      answers: {
        getUser: (req) => ({ body: envelope(personAt(req.path)) }),
        listNotes: () => ({ body: envelope([]) }),
        listMyChannels: () => ({ body: envelope([{ ...group, users: [demoUser.id] }]) }),
        inviteToChannel: () => ({
          status: 201,
          body: envelope([
            {
              id: 1,
              channel_id: group.id,
              channel_name: group.name,
              user_id: personAt(people[1]?.id ?? '').id,
              invited_by: demoUser.id,
              status: 'pending' as const,
              created_at: '2026-11-22T10:00:00.000Z',
            },
          ]),
        }),
      },
    });
    await screen.findByRole('heading', { name: 'Tom Chen' });
    await user.click(screen.getByRole('button', { name: 'Invite to Group' }));
    await user.click(await screen.findByRole('button', { name: /Climate Founders/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/invites'))).toBe(true));
    const sent = calls.find((c) => c.method === 'POST' && c.path.endsWith('/invites'));
    expect(sent?.path).toContain(group.id);
    expect(sent?.body).toEqual({ user_ids: [people[1]?.id] });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite to Group' })).not.toBeInTheDocument());
  });
});
