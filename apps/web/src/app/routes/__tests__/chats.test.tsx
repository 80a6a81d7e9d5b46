import type { Schemas } from '@cohort/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answers, failure } from '@/test/api.ts';
import { demoSession, signInAs } from '@/test/engine.ts';
import { renderApp } from '@/test/render.tsx';
import { engineClient, ok, seededGroups, seededStrangers, seedMessage } from '@/test/seed.ts';

/** /chats for the demo account on the engine, under `extra`. */
function chats(extra: Answers = {}) {
  return renderApp({ path: '/chats', signedIn: true, answers: extra });
}

/** The demo account's first two friends, with the names the app shows. */
async function twoFriends() {
  const { data: friends = [] } = await engineClient().GET('/api/v1/users/me/friends');
  const [a, b] = friends.map((f) => ({ id: f.id, name: `${f.first_name} ${f.last_name}`, first: f.first_name }));
  if (!a || !b) throw new Error('the test seed gives the demo account fewer than two friends');
  return [a, b] as const;
}

const name = (text: string) => (accessible: string) => accessible.includes(text);

async function toDetails(user: ReturnType<typeof chats>['user']) {
  const [a, b] = await twoFriends();
  await user.click(await screen.findByRole('button', { name: 'New message' }));
  await user.click(screen.getByRole('button', { name: 'New Group' }));
  const picker = screen.getByRole('dialog', { name: 'New Group' });
  await user.click(await within(picker).findByRole('checkbox', { name: name(a.name) }));
  await user.click(within(picker).getByRole('checkbox', { name: name(b.name) }));
  expect(within(picker).getByText('2/200000')).toBeInTheDocument();
  await user.click(within(picker).getByRole('button', { name: 'Next' }));
  return screen.findByRole('dialog', { name: 'Group details' });
}

/** A group of the demo account with another member, who can send into it. */
async function groupWithOther() {
  const me = demoSession().id;
  const groups = (await seededGroups()).filter((g) => !g.is_direct && g.users.some((u) => u !== me));
  const [first, second] = groups;
  if (!first || !second) throw new Error('the test seed gives the demo account fewer than two shared groups');
  return [first, second].map((g) => ({ group: g, other: g.users.find((u) => u !== me) as string }));
}

describe('/chats', () => {
  it('lists my chats with last message, own prefix and unread count; search filters them', async () => {
    const [mine, theirs] = await groupWithOther();
    if (!mine || !theirs) throw new Error('unreachable');
    await seedMessage(mine.group.id, 'Trail at 9am');
    const them = engineClient(signInAs(theirs.other));
    for (const text of ['Our pitch', 'got into', 'the final round!']) await seedMessage(theirs.group.id, text, them);
    const groups = await seededGroups();
    const unread = groups.find((g) => g.id === theirs.group.id)?.unread_count ?? 0;
    // The three just sent, on top of what the seed left unread.
    expect(unread).toBe((theirs.group.unread_count ?? 0) + 3);
    const { user } = chats();
    const list = await screen.findByRole('list', { name: 'Chats' });
    const row = async (g: Schemas['Channel']) =>
      (await within(list).findByRole('link', { name: name(g.name) })) as HTMLElement;
    expect(within(list).getAllByRole('link')).toHaveLength(groups.length);
    expect(await row(mine.group)).toHaveTextContent('You: Trail at 9am');
    expect(await row(theirs.group)).toHaveTextContent('the final round!');
    expect(await row(theirs.group)).toHaveTextContent(`${unread} unread`);
    expect((await row(theirs.group)).getAttribute('href')).toBe(`/chatInbox?id=${theirs.group.id}`);
    await user.type(screen.getByRole('searchbox', { name: 'Search chats' }), mine.group.name);
    expect(within(list).getAllByRole('link').length).toBeLessThan(groups.length);
    expect(within(list).getByRole('link', { name: name(mine.group.name) })).toBeInTheDocument();
  });

  it('a muted chat shows its unread count without emphasis and says it is muted', async () => {
    const [loud, quiet] = await groupWithOther();
    if (!loud || !quiet) throw new Error('unreachable');
    await ok(engineClient().POST('/api/v1/channels/{id}/mute', { params: { path: { id: quiet.group.id } } }));
    for (let i = 0; i < 4; i++) await seedMessage(loud.group.id, `Loud ${i}`, engineClient(signInAs(loud.other)));
    for (let i = 0; i < 3; i++) await seedMessage(quiet.group.id, `Quiet ${i}`, engineClient(signInAs(quiet.other)));
    const held = await seededGroups();
    const [l, q] = [loud, quiet].map((x) => held.find((g) => g.id === x.group.id)?.unread_count);
    expect(held.find((g) => g.id === quiet.group.id)?.is_muted).toBe(true);
    chats();
    const list = await screen.findByRole('list', { name: 'Chats' });
    const loudRow = await within(list).findByRole('link', { name: name(loud.group.name) });
    const quietRow = await within(list).findByRole('link', { name: name(quiet.group.name) });
    await waitFor(() => expect(loudRow).toHaveTextContent(`${l} unread`));
    expect(loudRow).not.toHaveTextContent('muted');
    expect(quietRow).toHaveTextContent('Muted');
    expect(quietRow).toHaveTextContent(`${q} unread, muted`);
    const badge = (row: HTMLElement | undefined, count: string) =>
      [...(row?.querySelectorAll('span') ?? [])].find((el) => el.firstChild?.textContent === count);
    // Not the accent badge of an unmuted chat.
    expect(badge(quietRow, String(q))?.className).not.toBe(badge(loudRow, String(l))?.className);
  });

  it('creates a group with every field and opens its profile', async () => {
    const [a, b] = await twoFriends();
    const tags = await ok(
      engineClient().GET('/api/v1/general/get-all-resource/', {
        params: { query: { resource: 'Tag', per_page: 100 } },
      }),
    );
    const tag = tags.data[1];
    if (!tag) throw new Error('the test seed has fewer than two tags');
    const { user, router, calls } = chats();
    const details = await toDetails(user);
    await user.click(within(details).getByRole('button', { name: 'Send' }));
    expect(within(details).getByText('Group Name is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(details).getByLabelText('Group Name'), 'Climate Crew');
    await user.click(within(details).getByRole('button', { name: tag.name }));
    await user.click(within(details).getByRole('switch', { name: 'Make Open' }));
    await user.type(within(details).getByLabelText('Group Description'), 'Hack nights.');
    await user.click(within(details).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/group-profile'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Climate Crew',
      description: 'Hack nights.',
      tags: [tag.id],
      is_closed: false,
      users: [a.id, b.id],
      parent_id: null,
      is_public: false,
      is_open: true,
      expires_year: null,
    });
    const made = (await seededGroups()).find((g) => g.name === 'Climate Crew');
    expect(router.state.location.search).toBe(`?id=${made?.id}`);
    expect(made?.users).toEqual(expect.arrayContaining([demoSession().id, a.id, b.id]));
  });

  it('the member picker also finds people beyond my friends (users/search)', async () => {
    const { data: friends = [] } = await engineClient().GET('/api/v1/users/me/friends');
    const [strangerId = ''] = await seededStrangers();
    const stranger = await ok(engineClient().GET('/api/v1/users/{id}', { params: { path: { id: strangerId } } }));
    const { user, calls } = chats();
    await user.click(await screen.findByRole('button', { name: 'New message' }));
    await user.click(screen.getByRole('button', { name: 'New Group' }));
    const picker = screen.getByRole('dialog', { name: 'New Group' });
    await user.type(within(picker).getByRole('searchbox', { name: 'Who would you like to add?' }), stranger.last_name);
    const more = await within(picker).findByRole('list', { name: 'More people' });
    expect(calls.some((c) => c.path === '/api/v1/users/search' && c.search.includes(`q=${stranger.last_name}`))).toBe(
      true,
    );
    // Friends are listed once, above; the search adds only the others.
    for (const f of friends) {
      expect(within(more).queryByRole('checkbox', { name: name(`${f.first_name} ${f.last_name}`) })).toBeNull();
    }
    await user.click(
      await within(more).findByRole('checkbox', { name: name(`${stranger.first_name} ${stranger.last_name}`) }),
    );
    await user.click(within(picker).getByRole('button', { name: 'Next' }));
    const details = await screen.findByRole('dialog', { name: 'Group details' });
    await user.type(within(details).getByLabelText('Group Name'), 'Study group');
    await user.click(within(details).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ users: [strangerId] }));
  });

  it('on failure says why and keeps the form as typed', async () => {
    const { user, router } = chats({
      storeChannel: () => failure(422, 'The given data was invalid.', { 'tags.0': ['No tag with id 1.'] }),
    });
    const details = await toDetails(user);
    await user.type(within(details).getByLabelText('Group Name'), 'Climate Crew');
    const [firstTag] = within(details).getAllByRole('button', { pressed: false });
    if (firstTag) await user.click(firstTag);
    await user.click(within(details).getByRole('button', { name: 'Send' }));
    expect(
      await within(details).findByText(/Could not create the group: The given data was invalid/),
    ).toBeInTheDocument();
    expect(within(details).getByText('No tag with id 1.')).toBeInTheDocument();
    expect(within(details).getByLabelText('Group Name')).toHaveValue('Climate Crew');
    expect(router.state.location.pathname).toBe('/chats');
  });

  it('tapping a friend opens the one-to-one chat: created once (is_direct, no form), then reused; a plain group of the two is not it', async () => {
    const me = demoSession().id;
    const groups = await seededGroups();
    const { data: friends = [] } = await engineClient().GET('/api/v1/users/me/friends');
    // A friend with no one-to-one chat yet; a plain group of just the two of us is made through the API.
    const friend = friends.find((f) => !groups.some((g) => g.is_direct && g.users.includes(f.id)));
    if (!friend) throw new Error('the test seed gives the demo account a one-to-one chat with every friend');
    const friendName = `${friend.first_name} ${friend.last_name}`;
    await ok(
      engineClient().POST('/api/v1/users/channels/store', {
        body: { name: 'Study pair', description: '', tags: [], is_closed: false, users: [friend.id] },
      }),
    );
    const { user, router, calls } = chats();
    const stored = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/users/channels/store');
    await user.click(await screen.findByRole('button', { name: 'New message' }));
    const drawer = screen.getByRole('dialog', { name: 'New Message' });
    await user.click(await within(drawer).findByRole('button', { name: name(friendName) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chatInbox'));
    const direct = (await seededGroups()).find((g) => g.is_direct && g.users.includes(friend.id));
    expect(direct?.users.sort()).toEqual([me, friend.id].sort());
    expect(router.state.location.search).toBe(`?id=${direct?.id}`);
    expect(screen.queryByRole('dialog', { name: 'New Group' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Group details' })).not.toBeInTheDocument();
    expect(stored().map((c) => c.body)).toEqual([
      {
        name: friendName,
        description: '',
        tags: [],
        is_closed: true,
        users: [friend.id],
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
        name: name(friendName),
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/chatInbox'));
    expect(router.state.location.search).toBe(`?id=${direct?.id}`);
    expect(stored()).toHaveLength(1);
  });

  it('New Message picks people and opens their chat without a Group Name', async () => {
    const [a, b] = await twoFriends();
    const { user, router, calls } = chats();
    await user.click(await screen.findByRole('button', { name: 'New message' }));
    await user.click(screen.getByRole('button', { name: 'New Message' }));
    const picker = screen.getByRole('dialog', { name: 'New Message' });
    await user.click(await within(picker).findByRole('checkbox', { name: name(a.name) }));
    await user.click(within(picker).getByRole('checkbox', { name: name(b.name) }));
    await user.click(within(picker).getByRole('button', { name: 'Chat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chatInbox'));
    const sent = calls.find((c) => c.method === 'POST')?.body;
    expect(sent).toMatchObject({ name: `${a.first}, ${b.first}`, users: [a.id, b.id] });
    // A group of several stays a plain group.
    expect(sent).not.toHaveProperty('is_direct');
    const made = (await seededGroups()).find((g) => g.name === `${a.first}, ${b.first}`);
    expect(router.state.location.search).toBe(`?id=${made?.id}`);
  });

  it("a failed lookup of a friend's chat says why, creates nothing and keeps the drawer open", async () => {
    const [a] = await twoFriends();
    // The chat list cannot be read (not even by the Chats screen): asked again on the tap, it fails again.
    const { user, router, calls } = chats({
      listMyChannels: () => failure(503, 'Service unavailable.'),
    });
    await user.click(await screen.findByRole('button', { name: 'New message' }));
    const drawer = screen.getByRole('dialog', { name: 'New Message' });
    const row = await within(drawer).findByRole('button', { name: name(a.name) });
    const reads = calls.filter((c) => c.path === '/api/v1/users/me/channels').length;
    await user.click(row);
    expect(await screen.findByText('Could not open the chat: Service unavailable.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/v1/users/me/channels').length).toBe(reads + 1);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(router.state.location.pathname).toBe('/chats');
    expect(screen.getByRole('dialog', { name: 'New Message' })).toBeInTheDocument();
  });
});
