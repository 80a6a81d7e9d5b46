import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoSession, signInAs } from '@/test/engine.ts';
import { renderApp } from '@/test/render.tsx';
import { engineClient, ok, seededGroups, seededStrangers } from '@/test/seed.ts';

/** Three seeded people of the demo account's groups, their names as the engine gives them, saved as a list through the API. */
async function savedList() {
  const client = engineClient();
  const members = (await seededGroups()).flatMap((g) => g.users).filter((id) => id !== demoSession().id);
  const ids = [...new Set(members)].slice(0, 3);
  if (ids.length < 3) throw new Error('the test seed gives the demo account fewer than three people in groups');
  const names = await Promise.all(
    ids.map(async (id) => {
      const p = await ok(client.GET('/api/v1/users/{id}', { params: { path: { id } } }));
      return `${p.first_name} ${p.last_name}`;
    }),
  );
  const list = await ok(client.POST('/api/v1/users/me/saved-lists', { body: { name: 'Founders', user_ids: ids } }));
  return { ids, names, list };
}

describe('individual profile connector', () => {
  it('Back from View Shared Groups returns to the same person, and removed people stay removed', async () => {
    const { ids, names, list } = await savedList();
    const [first, second, third] = names;
    const { user, calls } = renderApp({
      path: '/otherProfile',
      signedIn: true,
      state: { ids, listId: list.id },
    });
    await screen.findByRole('heading', { name: first });
    await user.click(screen.getByRole('button', { name: 'Remove from List' }));
    await screen.findByRole('heading', { name: second });
    expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith(`/members/${ids[0]}`))).toBe(true);
    expect(screen.getByText('Person 2 of 3')).toBeInTheDocument();
    const held = await ok(
      engineClient().GET('/api/v1/users/me/saved-lists/{id}', { params: { path: { id: list.id } } }),
    );
    expect(held.members.map((m) => m.id)).toEqual(ids.slice(1));

    await user.click(screen.getByRole('link', { name: 'View Shared Groups' }));
    await screen.findByRole('heading', { name: 'Shared Groups' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: second });
    expect(screen.getByText('Person 2 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Keep in List' }));
    await screen.findByRole('heading', { name: third });
    await user.click(screen.getByRole('link', { name: 'View Shared Groups' }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: third });
    expect(screen.getByText('Person 3 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep in List' }));
    expect(await screen.findByText('You have gone through everyone you chose in this list.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: first })).not.toBeInTheDocument();
  });

  it('skips people removed earlier even when the saved position points at them', async () => {
    const { ids, names, list } = await savedList();
    renderApp({
      path: '/otherProfile',
      signedIn: true,
      state: { ids, listId: list.id, at: 0, removed: [ids[0]] },
    });
    await screen.findByRole('heading', { name: names[1] });
    expect(screen.getByText('Person 2 of 3')).toBeInTheDocument();
  });
});

describe('a profile opened by link (/otherProfile?id=…)', () => {
  it('Invite to Group picks a group and sends the invitation for that person', async () => {
    const [id = ''] = await seededStrangers();
    const person = await ok(engineClient().GET('/api/v1/users/{id}', { params: { path: { id } } }));
    const group = (await seededGroups()).find((g) => !g.is_direct && !g.users.includes(id));
    if (!group) throw new Error(`the test seed gives the demo account no group without ${id}`);
    const { user, calls } = renderApp({ path: `/otherProfile?id=${id}`, signedIn: true });
    await screen.findByRole('heading', { name: `${person.first_name} ${person.last_name}` });
    await user.click(screen.getByRole('button', { name: 'Invite to Group' }));
    await user.click(await screen.findByRole('button', { name: (name) => name.includes(group.name) }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/invites'))).toBe(true));
    const sent = calls.find((c) => c.method === 'POST' && c.path.endsWith('/invites'));
    expect(sent?.path).toContain(group.id);
    expect(sent?.body).toEqual({ user_ids: [id] });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite to Group' })).not.toBeInTheDocument());
    // The person now holds the invitation, from the demo account.
    const theirs = await ok(engineClient(signInAs(id)).GET('/api/v1/users/me/channel-invites'));
    expect(theirs).toContainEqual(expect.objectContaining({ channel_id: group.id, invited_by: demoSession().id }));
  });
});
