import type { Schemas } from '@cohort/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, failure } from '@/test/api.ts';
import { demoSession } from '@/test/engine.ts';
import { demoUser } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render.tsx';
import { engineClient, ok, seededFriend, seededStranger, seedInvitation } from '@/test/seed.ts';

const person = (n: number): Schemas['PersonSummary'] => ({
  id: `usr_person${String(n).padStart(10, '0')}`,
  first_name: 'Person',
  last_name: `Number${n}`,
  profile_image: null,
  university: 'Stanford University',
  graduation_year: 2026,
  last_seen_at: null,
});
const invitation = (n: number): Schemas['Connection'] => ({
  id: n,
  from_user_id: person(n).id,
  to_user_id: demoUser.id,
  status: 'pending',
  created_at: '2026-11-21T08:00:00.000Z',
  person: person(n),
});

describe('/connections: invitations and connections', () => {
  // A list longer than a page (two here) is a state the seed does not have: this one stays an override.
  it('lists received invitations a page at a time; Accept sends it and the list is read again', async () => {
    let pending = [30, 29, 28];
    const { user, calls } = renderApp({
      path: '/connections',
      signedIn: true,
      answers: {
        listFriends: () => ({ body: [] }),
        listConnections: (req) => {
          const before = Number(new URLSearchParams(req.search).get('before') ?? Infinity);
          const older = pending.filter((n) => n < before);
          const shown = older.slice(0, 2);
          return {
            body: {
              ...envelope(shown.map(invitation)),
              meta: { has_more: older.length > 2, next_before: older.length > 2 ? (shown[1] ?? null) : null },
            },
          };
        },
        acceptConnection: (req) => {
          const id = Number(req.path.split('/')[4]);
          pending = pending.filter((n) => n !== id);
          return { body: envelope({ ...invitation(id), status: 'accepted' }) };
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Invitations received' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'Person Number30' })).toHaveAttribute(
      'href',
      `/otherProfile?id=${person(30).id}`,
    );
    await user.click(screen.getByRole('button', { name: 'Show older invitations' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(calls.some((c) => c.search.includes('before=29') && c.search.includes('direction=incoming'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Show older invitations' })).not.toBeInTheDocument();

    const row = within(list).getByText('Person Number29').closest('li') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(within(list).queryByText('Person Number29')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/connections/29/accept')).toBe(true);
  });

  it('Sent lists my pending invitations with Withdraw; Connections lists my friends', async () => {
    const stranger = await seededStranger();
    await seedInvitation(demoSession().id, stranger);
    const friend = await seededFriend();
    const { user, calls } = renderApp({ path: '/connections?tab=sent', signedIn: true });
    const sent = await screen.findByRole('list', { name: 'Invitations sent' });
    expect(await within(sent).findByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(within(sent).getByRole('link', { name: /.+/ })).toHaveAttribute('href', `/otherProfile?id=${stranger}`);
    expect(calls.some((c) => c.search.includes('direction=outgoing'))).toBe(true);
    await user.click(screen.getByRole('tab', { name: 'Connections' }));
    const friends = await screen.findByRole('list', { name: 'My connections' });
    expect(await within(friends).findByText(`${friend.first_name} ${friend.last_name}`)).toBeInTheDocument();
  });

  it('says so when there is nothing, and offers Retry when the list cannot load', async () => {
    // The seed's invitations to the demo account, declined through the API first.
    const client = engineClient();
    const incoming = await ok(
      client.GET('/api/v1/users/me/connections', { params: { query: { direction: 'incoming' } } }),
    );
    for (const { id } of incoming)
      await ok(client.POST('/api/v1/connections/{id}/decline', { params: { path: { id } } }));
    let fail = true;
    const { user } = renderApp({
      path: '/connections',
      signedIn: true,
      answers: { listConnections: () => (fail ? failure(503, 'The service is unavailable.') : undefined) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load invitations: The service is unavailable.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No invitations waiting for you.')).toBeInTheDocument();
  });
});
