import type { Schemas } from '@cohort/api';
import { screen, waitFor } from '@testing-library/react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSession, engineFetch } from '../../test/engine.ts';
import { renderApp } from '../../test/render.tsx';

/** A group of the demo account's in the engine's seed (not a one-to-one chat, so it has a group profile). */
async function seededGroup(): Promise<Schemas['Channel']> {
  const { data } = (await engineFetch(demoSession().token, 'GET', '/api/v1/users/me/channels')) as {
    data: Schemas['Channel'][];
  };
  const group = data.find((g) => !g.is_direct);
  if (!group) throw new Error('the test seed gives the demo account no group');
  return group;
}

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
    const group = await seededGroup();
    const { user, router } = renderApp({
      path: '/chats',
      signedIn: true,
      wrapper: ({ children }) => (
        <VirtuosoMockContext.Provider value={{ viewportHeight: 10_000, itemHeight: 100 }}>
          {children}
        </VirtuosoMockContext.Provider>
      ),
    });
    await user.click(await screen.findByRole('link', { name: (name) => name.includes(group.name) }));
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
    const { id } = await seededGroup();
    const { user, router } = renderApp({ path: `/group-profile?id=${id}`, signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("My Groups' tab lives in the URL, so coming back lands on the same tab", async () => {
    const { user, router } = renderApp({ path: '/group?tab=invites', signedIn: true });
    expect(await screen.findByRole('tab', { name: 'Group Invites', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Inactive Groups' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=inactive'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
