import { screen, waitFor } from '@testing-library/react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../test/api.ts';
import { demoUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const ID = 'chan_aaaaaaaaaaaaaaaa';
const group = {
  id: ID,
  name: 'VC Deal Flow',
  description: '',
  tags: [],
  is_closed: false,
  users: [demoUser.id],
  is_member: true,
  status: 'active',
  member_count: 1,
  unread_count: 0,
  last_message: null,
};
const answers = {
  listMyChannels: () => ({ body: envelope([group]) }),
  listChannelInvites: () => ({ body: envelope([]) }),
  getChannel: () => ({ body: envelope({ ...group, members: [], subgroups: [], online_count: 0 }) }),
  getChannelMessages: () => ({
    body: { ...envelope([]), meta: { has_more: false, next_before: null } },
  }),
  markChannelRead: () => ({ body: envelope(group) }),
};

describe('Back goes back', () => {
  // Compiles the three screens' chunks first: under a loaded machine a first compile inside the
  // walk can outlast a find's wait.
  beforeAll(async () => {
    await Promise.all([
      import('../../app/routes/chats.tsx'),
      import('../../app/routes/chat-inbox.tsx'),
      import('../../app/routes/group-profile.tsx'),
    ]);
  });

  it('chat → group profile → Back → Back pops the history (no new entries), ending on Chats', async () => {
    const { user, router } = renderApp({
      path: '/chats',
      signedIn: true,
      answers,
      wrapper: ({ children }) => (
        <VirtuosoMockContext.Provider value={{ viewportHeight: 10_000, itemHeight: 100 }}>
          {children}
        </VirtuosoMockContext.Provider>
      ),
    });
    await user.click(await screen.findByRole('link', { name: /VC Deal Flow/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chatInbox'));
    await user.click(await screen.findByTitle('Group profile'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/group-profile'));
    // The profile has drawn (not the chat still on screen while its chunk loads).
    await screen.findByRole('tab', { name: 'Members' });
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chatInbox'));
    expect(router.state.historyAction).toBe('POP');
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats'));
    expect(router.state.historyAction).toBe('POP');
  });

  it('opened directly, Back replaces the entry with the parent screen', async () => {
    const { user, router } = renderApp({ path: `/group-profile?id=${ID}`, signedIn: true, answers });
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("My Groups' tab lives in the URL, so coming back lands on the same tab", async () => {
    const { user, router } = renderApp({ path: '/group?tab=invites', signedIn: true, answers });
    expect(await screen.findByRole('tab', { name: 'Group Invites', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Inactive Groups' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=inactive'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
