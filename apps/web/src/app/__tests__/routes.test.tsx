import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../test/api.ts';
import { renderApp } from '../../test/render.tsx';

describe('routes and redirects', () => {
  it.each([
    '/profile',
    '/contacts',
    '/savedlists',
    '/group',
    '/chats',
    '/otherProfile',
    '/otherGroup',
    '/chatInbox',
    '/group-profile',
    '/anything-else',
  ])('%s redirects to /login when signed out', async (path) => {
    const { router } = renderApp({ path });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it.each(['/login', '/signup'])('%s redirects to /profile when signed in', async (path) => {
    const { router } = renderApp({ path, signedIn: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  /** Waits until the route's lazy screen has loaded and rendered. */
  async function settled(router: ReturnType<typeof renderApp>['router'], path: string) {
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(path);
      expect(router.state.navigation.state).toBe('idle');
      expect(router.state.initialized).toBe(true);
      // The router updates in a transition: wait for React to commit the shell with the screen in it.
      expect(document.querySelector('main')?.childElementCount).toBeGreaterThan(0);
    });
  }

  // Later issues replace these screens; what the shell guarantees is that each route exists for a signed-in user.
  it.each([
    '/contacts',
    '/savedlists',
    '/group',
    '/chats',
    '/chatInbox',
    '/group-profile',
    '/otherGroup',
    '/otherProfile',
    '/somewhere',
  ])('%s exists for a signed-in user', async (path) => {
    const { router } = renderApp({ path, signedIn: true });
    await settled(router, path);
    expect(screen.queryByRole('heading', { name: /Sign in|Something went wrong|Not found/ })).not.toBeInTheDocument();
  });

  it.each<[string, boolean]>([
    ['/login', false],
    ['/signup', false],
    ['/chatInbox', false],
    ['/contacts', true],
    ['/chats', true],
    ['/profile', true],
  ])('tab bar on %s: %s', async (path, shown) => {
    const signedIn = !['/login', '/signup'].includes(path);
    const { router } = renderApp({ path, signedIn });
    await settled(router, path);
    expect(screen.queryByRole('navigation', { name: 'Main' }) !== null).toBe(shown);
  });

  it('tab bar: Contacts, Saved Lists, Chats, News Feed, Alerts, Profile link; none is inactive', async () => {
    renderApp({ path: '/contacts', signedIn: true });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = [...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Contacts', '/contacts'],
      ['Saved Lists', '/savedlists'],
      ['Chats', '/chats'],
      ['News Feed', '/news-feed'],
      ['Alerts', '/notifications'],
      ['Profile', '/profile'],
    ]);
    expect(nav.querySelector('[aria-disabled="true"]')).toBeNull();
  });

  it('/group opens on the tab its state selects', async () => {
    renderApp({ path: '/group', signedIn: true, state: { id: 3 } });
    expect(await screen.findByRole('tab', { name: 'Group Invites' })).toHaveAttribute('aria-selected', 'true');
  });

  it('a 401 on an authenticated call ends the session and goes to /login', async () => {
    const { router } = renderApp({
      path: '/profile',
      signedIn: true,
      answers: { getMe: () => ({ status: 401, body: errorBody('Unauthenticated.') }) },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('userInfo')).toBeNull();
  });
});
