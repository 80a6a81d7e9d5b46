import type { Channel } from '@cohort/api';
import { act, renderHook, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { chatCandidates, findChat } from '@/lib/chat-match.ts';
import { writeStoredSession } from '@/lib/session.ts';
import { createTestApi } from '@/test/api.ts';
import { demoSession, TEST_SEED } from '@/test/engine.ts';
import { channel } from '@/test/fixtures.ts';
import { createTestStore, renderApp, TestProviders } from '@/test/render.tsx';
import { engineClient, ok } from '@/test/seed.ts';
import { useOpenChat } from '../hooks/use-open-chat.ts';

/** Every seeded user but the demo account, the demo account's friends last (beyond a group's first 20). */
async function othersFriendsLast() {
  const me = demoSession().id;
  const { data: friends = [] } = await engineClient().GET('/api/v1/users/me/friends');
  const friendIds = new Set(friends.map((f) => f.id));
  const everyone = await ok(engineClient().GET('/api/v1/users/search', { params: { query: { per_page: 50 } } }));
  const others = everyone.data.map((u) => u.id).filter((id) => id !== me);
  if (others.length < TEST_SEED.users - 2 || friends.length < 3)
    throw new Error('the test seed has too few users or friends for a group of 25+');
  return {
    friends,
    others: [...others.filter((id) => !friendIds.has(id)), ...others.filter((id) => friendIds.has(id))],
  };
}

/** A group the demo account makes with `users`: its creator first, so `users` fill places 2 onwards. */
const makeGroup = (name: string, users: string[]) =>
  ok(
    engineClient().POST('/api/v1/users/channels/store', {
      body: { name, description: '', tags: [], is_closed: false, users },
    }),
  );

describe('groups larger than the 20 members they embed', () => {
  it('Add Members does not offer a friend who is a member beyond the first 20', async () => {
    const { friends, others } = await othersFriendsLast();
    const left = friends.at(-1);
    const members = others.filter((id) => id !== left?.id).slice(-25);
    const group = await makeGroup('Twenty-six', members);
    expect(group.member_count).toBe(26);
    const beyond = friends.find((f) => members.includes(f.id) && !group.users.includes(f.id));
    if (!beyond || !left) throw new Error('no friend beyond the sample, or none left out');
    const { user } = renderApp({ path: `/group-profile?id=${group.id}`, signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Add Members' }));
    const picker = await screen.findByRole('dialog', { name: 'Add Members' });
    const name = (f: { first_name: string; last_name: string }) => `${f.first_name} ${f.last_name}`;
    expect(await within(picker).findByRole('checkbox', { name: (n) => n.includes(name(left)) })).toBeInTheDocument();
    expect(within(picker).queryByRole('checkbox', { name: (n) => n.includes(name(beyond)) })).not.toBeInTheDocument();
  });

  it('Shared Groups lists a group the person is in beyond its first 20 members', async () => {
    const { others } = await othersFriendsLast();
    const members = others.slice(0, 25);
    const group = await makeGroup('Big shared group', members);
    const person = members.at(-1) as string;
    expect(group.users).not.toContain(person);
    renderApp({ path: `/otherGroup?id=${person}`, signedIn: true });
    const list = await screen.findByRole('list', { name: 'Shared groups' });
    expect(within(list).getByRole('button', { name: /Big shared group/ })).toBeInTheDocument();
  });

  it('opening a chat with 25 people opens their existing group, and a bigger group is never taken for it', async () => {
    const { others } = await othersFriendsLast();
    const people = others.slice(0, 25);
    // Same first 20 as the chat, five more members: not the chat with these 25 people.
    const bigger = await makeGroup('Bigger', [...people.slice(0, 19), ...others.slice(25, 28), ...people.slice(19)]);
    const chat = await makeGroup('The 25', people);
    writeStoredSession(demoSession());
    const api = createTestApi({});
    const store = createTestStore(api);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter>
        <TestProviders store={store}>{children}</TestProviders>
      </MemoryRouter>
    );
    const { result } = renderHook(() => useOpenChat(), { wrapper });
    const asPeople = people.map((id) => ({ id, first_name: id, last_name: '' }));
    let opened = false;
    await act(async () => {
      opened = await result.current.openChat(asPeople);
    });
    expect(opened).toBe(true);
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(api.calls.some((c) => c.path === `/api/v1/channels/${chat.id}/members`)).toBe(true);
    expect(api.calls.some((c) => c.path === `/api/v1/channels/${bigger.id}/members`)).toBe(false);
  });

  it('findChat matches only a group whose embedded members are all of them', () => {
    const me = 'usr_me0000000000000000';
    const ids = Array.from({ length: 30 }, (_, i) => `usr_${String(i).padStart(18, '0')}`);
    const group = (id: string, members: string[]): Channel =>
      channel({ id, users: [me, ...members].slice(0, 20), member_count: members.length + 1 });
    const thirty = group('chan_thirty000000000000', ids.slice(0, 29));
    const small = group('chan_small0000000000000', ids.slice(0, 5));
    const twentyFive = group('chan_twentyfive00000000', ids.slice(0, 24));
    // The 30-member group's sample is exactly me and the first 19: it is not the chat with those 19.
    expect(findChat([thirty], me, ids.slice(0, 19))).toBeUndefined();
    expect(findChat([thirty, small], me, ids.slice(0, 5))).toBe(small);
    expect(findChat([twentyFive], me, ids.slice(0, 24))).toBeUndefined();
    expect(chatCandidates([thirty, small, twentyFive], me, ids.slice(0, 24))).toEqual([twentyFive]);
    expect(chatCandidates([thirty, twentyFive], me, [...ids.slice(0, 23), ids[29] as string])).toEqual([twentyFive]);
  });
});
