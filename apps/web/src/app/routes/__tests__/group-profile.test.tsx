import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answers, failure } from '@/test/api.ts';
import { demoSession, signInAs } from '@/test/engine.ts';
import { renderApp } from '@/test/render.tsx';
import { engineClient, ok, seedMessage } from '@/test/seed.ts';

const NAME = 'Climate Founders';
const HARDWARE = 'Climate Founders — Hardware';

/**
 * A group the demo account makes through the API with their first friend, and a subgroup the friend
 * makes in it (`inviteOnly`: listed, but joining needs an invitation); the second friend is left to add.
 */
async function seedGroup({ inviteOnly = false } = {}) {
  const { data: friends = [] } = await engineClient().GET('/api/v1/users/me/friends');
  const [first, second] = friends;
  if (!first || !second) throw new Error('the test seed gives the demo account fewer than two friends');
  const group = await ok(
    engineClient().POST('/api/v1/users/channels/store', {
      body: {
        name: NAME,
        description: 'Students building climate-tech startups.',
        tags: [],
        is_closed: false,
        users: [first.id],
      },
    }),
  );
  const sub = await ok(
    engineClient(signInAs(first.id)).POST('/api/v1/users/channels/store', {
      body: {
        name: HARDWARE,
        description: '',
        tags: [],
        is_closed: false,
        users: [],
        parent_id: group.id,
        is_open: !inviteOnly,
        expires_year: 2027,
      },
    }),
  );
  return { group, sub, first, second };
}

/** The group as the engine holds it (counts, members). */
const held = (id: string) => ok(engineClient().GET('/api/v1/channels/{id}', { params: { path: { id } } }));

function profile(id: string, answers: Answers = {}) {
  return renderApp({ path: `/group-profile?id=${id}`, signedIn: true, answers });
}

describe('/group-profile', () => {
  it('shows name, counts, description and the six tabs', async () => {
    const { group } = await seedGroup();
    const { member_count, online_count } = await held(group.id);
    expect(member_count).toBe(2);
    profile(group.id);
    expect(await screen.findByRole('heading', { name: NAME })).toBeInTheDocument();
    expect(screen.getByText(`2 members · ${online_count} online`)).toBeInTheDocument();
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
    const { data: friends = [] } = await engineClient().GET('/api/v1/users/me/friends');
    const groups = await ok(engineClient().GET('/api/v1/users/me/channels'));
    const friend = friends.find((f) => !groups.some((g) => g.is_direct && g.users.includes(f.id)));
    if (!friend) throw new Error('the test seed gives the demo account a one-to-one chat with every friend');
    const name = `${friend.first_name} ${friend.last_name}`;
    const direct = await ok(
      engineClient().POST('/api/v1/users/channels/store', {
        body: { name, description: '', tags: [], is_closed: true, users: [friend.id], is_direct: true },
      }),
    );
    profile(direct.id);
    expect(await screen.findByRole('heading', { name })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Chat');
    expect(screen.queryByRole('button', { name: 'Add Members' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Members', 'Media', 'Files', 'Link', 'GIF']);
  });

  it('Add Members adds the chosen friends and shows them', async () => {
    const { group, second } = await seedGroup();
    const { user, calls } = profile(group.id);
    await user.click(await screen.findByRole('button', { name: 'Add Members' }));
    const picker = await screen.findByRole('dialog', { name: 'Add Members' });
    const name = `${second.first_name} ${second.last_name}`;
    await user.click(await within(picker).findByRole('checkbox', { name: (n) => n.includes(name) }));
    await user.click(within(picker).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getByText(/^3 members · \d+ online$/)).toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ user_ids: [second.id] });
    expect((await held(group.id)).users).toContain(second.id);
  });

  it('SubGroup: JOIN, then You are a member with LEAVE GROUP', async () => {
    const { group, sub } = await seedGroup();
    const { user, calls } = profile(group.id);
    await user.click(await screen.findByRole('tab', { name: 'SubGroup' }));
    expect(await screen.findByText('1 member · Expires 2027')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Join ${HARDWARE}` }));
    expect(await screen.findByText('You are a member')).toBeInTheDocument();
    expect((await held(sub.id)).users).toContain(demoSession().id);
    await user.click(screen.getByRole('button', { name: `Leave group ${HARDWARE}` }));
    expect(await screen.findByRole('button', { name: `Join ${HARDWARE}` })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /api/v1/channels/${sub.id}/join`,
      `POST /api/v1/users/channels/${sub.id}/leave`,
    ]);
  });

  it('Leave asks first, then goes back to /chats', async () => {
    const { group } = await seedGroup();
    const { user, router } = profile(group.id);
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    const confirm = screen.getByRole('dialog', { name: `Leave ${NAME}?` });
    await user.click(within(confirm).getByRole('button', { name: 'Leave group' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats'));
    const mine = await ok(engineClient().GET('/api/v1/users/me/channels'));
    expect(mine.map((g) => g.id)).not.toContain(group.id);
  });

  it('Media, Files and Link: a failed load says why with a Retry that loads them', async () => {
    const { group } = await seedGroup();
    await seedMessage(group.id, 'The deck: https://example.org/deck');
    let down = true;
    const { user } = profile(group.id, {
      listChannelMedia: () => (down ? failure(503, 'The service is unavailable.') : undefined),
    });
    await screen.findByRole('heading', { name: NAME });
    await user.click(screen.getByRole('tab', { name: 'Link' }));
    expect(await screen.findByText('Could not load the links: The service is unavailable.')).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('/deck')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /example\.org/ })).toHaveAttribute('href', 'https://example.org/deck');
    expect(screen.queryByText(/Could not load the links/)).not.toBeInTheDocument();
  });

  it('a subgroup that needs an invitation offers no JOIN; subgroup names show the part that tells them apart', async () => {
    const { group, first } = await seedGroup({ inviteOnly: true });
    await ok(
      engineClient(signInAs(first.id)).POST('/api/v1/users/channels/store', {
        body: {
          name: 'Climate Founders — Software',
          description: '',
          tags: [],
          is_closed: false,
          users: [],
          parent_id: group.id,
          is_open: true,
        },
      }),
    );
    const { user } = profile(group.id);
    await screen.findByRole('heading', { name: NAME });
    await user.click(screen.getByRole('tab', { name: 'SubGroup' }));
    const hardware = await screen.findByRole('link', { name: HARDWARE });
    expect(hardware).toHaveTextContent(/^Hardware$/);
    expect(screen.getByRole('link', { name: 'Climate Founders — Software' })).toHaveTextContent(/^Software$/);
    expect(screen.getByText('Invitation only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Join ${HARDWARE}` })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join Climate Founders — Software' })).toBeInTheDocument();
  });
});
