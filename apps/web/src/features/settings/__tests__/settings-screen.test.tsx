import { DEMO_ACCOUNT, SEEDED_PASSWORD } from '@cohort/mock/engine-node';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answers, failure } from '@/test/api.ts';
import { demoSession, engineCall, signInAs } from '@/test/engine.ts';
import { renderApp } from '@/test/render.tsx';
import { engineClient, ok } from '@/test/seed.ts';
import { passwordChangeErrors } from '../password-change.ts';

/** /settings for the signed-in demo account, on the engine (its settings, sessions and password) under `answers`. */
function settingsApp(answers: Answers = {}) {
  return renderApp({ path: '/settings', signedIn: true, answers });
}

/** A sign-in of the demo account with `password`, straight to the engine. */
const signIn = (password: string) =>
  engineCall(null, 'POST', '/api/v1/login', { uniName: DEMO_ACCOUNT.university, email: DEMO_ACCOUNT.email, password });

describe('passwordChangeErrors', () => {
  it.each([
    ['all empty', { current: '', password: '', confirmation: '' }, ['current', 'password']],
    ['too short, not confirmed', { current: 'x', password: 'abc', confirmation: 'abd' }, ['password', 'confirmation']],
    ['too long', { current: 'x', password: 'y'.repeat(31), confirmation: 'y'.repeat(31) }, ['password']],
    ['fine', { current: 'x', password: 'abcd', confirmation: 'abcd' }, []],
  ])('%s', (_name, value, fields) => {
    expect(Object.keys(passwordChangeErrors(value))).toEqual(fields);
  });
});

describe('/settings', () => {
  it('the profile gear opens it', async () => {
    const { user, router } = renderApp({
      path: '/profile',
      signedIn: true,
    });
    await user.click(await screen.findByRole('link', { name: 'Settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
  });

  it('links to Blocked people', async () => {
    const { user, router } = settingsApp();
    await user.click(await screen.findByRole('link', { name: 'See and unblock the people you blocked' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/blocked-people'));
  });

  it('change password: each error by its field, the server naming the current one, typed text kept; then success', async () => {
    // The engine knows the demo account's password (SEEDED_PASSWORD) and names a wrong current one.
    const { user, calls } = settingsApp();
    await user.type(await screen.findByLabelText('New password'), 'abc');
    await user.type(screen.getByLabelText('Confirm new password'), 'abd');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription('Enter your current password');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('Password must be at least 4 characters');
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription('The passwords do not match');
    expect(calls.some((c) => c.path === '/api/v1/users/me/password')).toBe(false);

    await user.type(screen.getByLabelText('Current password'), 'not-mine');
    await user.type(screen.getByLabelText('New password'), 'd-secret');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'abcd-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
        'This is not your current password.',
      ),
    );
    expect(screen.getByLabelText('New password')).toHaveValue('abcd-secret');
    expect(calls.find((c) => c.path === '/api/v1/users/me/password')?.body).toEqual({
      current_password: 'not-mine',
      password: 'abcd-secret',
      password_confirmation: 'abcd-secret',
    });

    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), SEEDED_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password is changed. Every other device was signed out.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    // The new password is the account's now: a sign-in with it works.
    expect((await signIn('abcd-secret')).status).toBe(200);
    expect((await signIn(SEEDED_PASSWORD)).status).toBe(401);
  });

  it('sessions: this device marked; sign out one, and everywhere else', async () => {
    // Two more devices: the demo account signed in twice elsewhere.
    signInAs(demoSession().id);
    signInAs(demoSession().id);
    const sessions = await ok(engineClient().GET('/api/v1/users/me/sessions'));
    const others = sessions.filter((x) => !x.current).map((x) => `/api/v1/users/me/sessions/${x.id}`);
    expect(others).toHaveLength(2);
    const { user, calls } = settingsApp();
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    const mine = rows.find((r) => r.textContent?.includes('This device')) as HTMLElement;
    expect(within(mine).queryByRole('button')).toBeNull();
    const first = rows.find((r) => r !== mine) as HTMLElement;
    await user.click(within(first).getByRole('button', { name: /Sign out the device/ }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([expect.toBeOneOf(others)]);
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/v1/users/me/sessions')).toBe(true),
    );
    await waitFor(async () => expect(await ok(engineClient().GET('/api/v1/users/me/sessions'))).toHaveLength(1));
  });

  it('privacy and notifications save at once and show the server answer', async () => {
    const { user, calls } = settingsApp();
    const email = await screen.findByRole('group', { name: 'Who sees my e-mail' });
    expect(within(email).getByRole('radio', { name: 'Connections' })).toBeChecked();
    await user.click(within(email).getByRole('radio', { name: 'Nobody' }));
    await waitFor(() => expect(within(email).getByRole('radio', { name: 'Nobody' })).toBeChecked());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ contact_visibility: { email: 'nobody' } });

    const pinned = screen.getByRole('switch', { name: 'Pinned messages' });
    await user.click(pinned);
    await waitFor(() => expect(pinned).toHaveAttribute('aria-checked', 'false'));
    expect(calls.filter((c) => c.method === 'PATCH')[1]?.body).toEqual({ notifications: { message_pinned: false } });
    const held = await ok(engineClient().GET('/api/v1/users/me/settings'));
    expect(held.contact_visibility.email).toBe('nobody');
    expect(held.notifications.message_pinned).toBe(false);
  });

  it('a refused privacy change goes back to what the server holds', async () => {
    const { user } = settingsApp({
      updateSettings: () => failure(500, 'Server is down.'),
    });
    const phone = await screen.findByRole('group', { name: 'Who sees my phone' });
    await user.click(within(phone).getByRole('radio', { name: 'Everyone' }));
    expect(await screen.findByText('Not saved: Server is down.')).toBeInTheDocument();
    expect(within(phone).getByRole('radio', { name: 'Connections' })).toBeChecked();
  });

  it('delete account: needs DELETE and the password; a wrong password by its field; then signed out to /login', async () => {
    const { user, calls, router } = settingsApp();
    const form = await screen.findByRole('form', { name: 'Delete account' });
    await user.type(within(form).getByLabelText('Type DELETE to confirm'), 'delete');
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    expect(within(form).getByLabelText('Type DELETE to confirm')).toHaveAccessibleDescription('Type DELETE to confirm');
    expect(within(form).getByLabelText('Password')).toHaveAccessibleDescription('Enter your password');
    expect(calls.some((c) => c.path === '/api/v1/users/me/delete')).toBe(false);

    await user.clear(within(form).getByLabelText('Type DELETE to confirm'));
    await user.type(within(form).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.type(within(form).getByLabelText('Password'), 'guess');
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Password')).toHaveAccessibleDescription('This is not your current password.'),
    );
    await user.clear(within(form).getByLabelText('Password'));
    await user.type(within(form).getByLabelText('Password'), SEEDED_PASSWORD);
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Your account is deleted, with everything it held.')).toBeInTheDocument();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(calls.some((c) => c.path === '/api/v1/logout')).toBe(false);
    // The engine no longer knows the account.
    expect((await signIn(SEEDED_PASSWORD)).status).toBe(401);
  });
});
