import type { Schemas } from '@cohort/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answers, envelope, errorBody } from '../../../test/api.ts';
import { renderApp } from '../../../test/render.tsx';
import { passwordChangeErrors } from '../password-change.ts';

const SETTINGS: Schemas['Settings'] = {
  contact_visibility: { email: 'connections', phone: 'connections' },
  notifications: {
    connection_invited: true,
    connection_accepted: true,
    group_invited: true,
    group_added: true,
    message_pinned: true,
    call_missed: true,
    post_liked: true,
    post_commented: true,
  },
};
const SESSIONS = [
  {
    id: 'ses_aaaaaaaaaaaaaaaa',
    created_at: '2026-11-20T10:00:00Z',
    last_used_at: '2026-11-25T01:00:00Z',
    current: true,
  },
  { id: 'ses_bbbbbbbbbbbbbbbb', created_at: '2026-11-18T10:00:00Z', last_used_at: null, current: false },
];

function settingsApp(answers: Answers = {}) {
  return renderApp({
    path: '/settings',
    signedIn: true,
    answers: {
      getSettings: () => ({ body: envelope(SETTINGS) }),
      listSessions: () => ({ body: { ...envelope(SESSIONS), meta: { total: 2 } } }),
      ...answers,
    },
  });
}

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
      answers: { getSettings: () => ({ body: envelope(SETTINGS) }) },
    });
    await user.click(await screen.findByRole('link', { name: 'Settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
  });

  it('links to Blocked people', async () => {
    const { user, router } = settingsApp({
      listBlocks: () => ({ body: { ...envelope([]), meta: { has_more: false, next_before: null } } }),
    });
    await user.click(await screen.findByRole('link', { name: 'See and unblock the people you blocked' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/blocked-people'));
  });

  it('change password: each error by its field, the server naming the current one, typed text kept; then success', async () => {
    let wrong = true;
    const { user, calls } = settingsApp({
      changePassword: () =>
        wrong
          ? { status: 422, body: errorBody('Invalid', { current_password: ['This is not your current password.'] }) }
          : { body: envelope(null) },
    });
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

    wrong = false;
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password is changed. Every other device was signed out.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('sessions: this device marked; sign out one, and everywhere else', async () => {
    const { user, calls } = settingsApp({
      endSession: () => ({ body: envelope(null) }),
      signOutOtherSessions: () => ({ body: envelope({ ended: 1 }) }),
    });
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('This device');
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();
    await user.click(within(rows[1] as HTMLElement).getByRole('button', { name: /Sign out the device/ }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/ses_bbbbbbbbbbbbbbbb'))).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/v1/users/me/sessions')).toBe(true),
    );
  });

  it('privacy and notifications save at once and show the server answer', async () => {
    const { user, calls } = settingsApp({
      updateSettings: (req) => {
        const change = req.body ?? {};
        return {
          body: envelope({
            contact_visibility: { ...SETTINGS.contact_visibility, ...change.contact_visibility },
            notifications: { ...SETTINGS.notifications, ...change.notifications },
          }),
        };
      },
    });
    const email = await screen.findByRole('group', { name: 'Who sees my e-mail' });
    expect(within(email).getByRole('radio', { name: 'Connections' })).toBeChecked();
    await user.click(within(email).getByRole('radio', { name: 'Nobody' }));
    await waitFor(() => expect(within(email).getByRole('radio', { name: 'Nobody' })).toBeChecked());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ contact_visibility: { email: 'nobody' } });

    const pinned = screen.getByRole('switch', { name: 'Pinned messages' });
    await user.click(pinned);
    await waitFor(() => expect(pinned).toHaveAttribute('aria-checked', 'false'));
    expect(calls.filter((c) => c.method === 'PATCH')[1]?.body).toEqual({ notifications: { message_pinned: false } });
  });

  it('a refused privacy change goes back to what the server holds', async () => {
    const { user } = settingsApp({
      updateSettings: () => ({ status: 500, body: errorBody('Server is down.') }),
    });
    const phone = await screen.findByRole('group', { name: 'Who sees my phone' });
    await user.click(within(phone).getByRole('radio', { name: 'Everyone' }));
    expect(await screen.findByText('Not saved: Server is down.')).toBeInTheDocument();
    expect(within(phone).getByRole('radio', { name: 'Connections' })).toBeChecked();
  });

  it('delete account: needs DELETE and the password; a wrong password by its field; then signed out to /login', async () => {
    let wrong = true;
    const { user, calls, router } = settingsApp({
      deleteAccount: () =>
        wrong
          ? { status: 422, body: errorBody('Invalid', { password: ['This is not your current password.'] }) }
          : { body: envelope(null) },
    });
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
    wrong = false;
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Your account is deleted, with everything it held.')).toBeInTheDocument();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(calls.some((c) => c.path === '/api/v1/logout')).toBe(false);
  });
});
