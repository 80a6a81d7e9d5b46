import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, errorBody } from '@/test/api.ts';
import { renderApp } from '@/test/render.tsx';

const TOKEN = '0ooLTdPxuTldZNNanAu5CMsb45jDPd9u_VEjjhK-Wls';
const SAME = 'If an account uses that e-mail, a link to set a new password is on its way.';

describe('forgot password', () => {
  it('sign-in links to it; a bad e-mail is refused here, a good one gets the same answer whatever the server knows', async () => {
    const { user, calls } = renderApp({
      path: '/login',
      answers: { requestPasswordReset: () => ({ body: envelope(null, SAME) }) },
    });
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await screen.findByRole('heading', { name: 'Forgot password' });
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/v1/password/forgot')).toBe(false);
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'demo@cohort.test');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/If an account uses that e-mail, a link/);
    expect(calls.find((c) => c.path === '/api/v1/password/forgot')?.body).toEqual({ email: 'demo@cohort.test' });
  });

  it('a refusal (too many requests) says why and keeps the e-mail', async () => {
    const { user } = renderApp({
      path: '/forgot-password',
      answers: { requestPasswordReset: () => ({ status: 429, body: errorBody('Too many requests.') }) },
    });
    await user.type(await screen.findByLabelText('Email'), 'demo@cohort.test');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests.');
    expect(screen.getByLabelText('Email')).toHaveValue('demo@cohort.test');
  });
});

describe('/reset-password?token=…', () => {
  it('lists every broken rule and keeps what was typed; then sets the password and goes to sign-in', async () => {
    const { user, calls, router } = renderApp({
      path: `/reset-password?token=${TOKEN}`,
      answers: { resetPassword: () => ({ body: envelope(null, 'Your password is changed.') }) },
    });
    await user.type(await screen.findByLabelText('New password'), 'abc');
    await user.type(screen.getByLabelText('Confirm new password'), 'abd');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    const rules = screen.getByRole('list', { name: 'What the password still needs' });
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Password must be at least 4 characters', 'The passwords do not match']);
    expect(screen.getByLabelText('New password')).toHaveValue('abc');
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.path === '/api/v1/password/reset')).toBe(false);

    await user.type(screen.getByLabelText('New password'), 'd-secret');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'abcd-secret');
    expect(screen.queryByRole('list', { name: 'What the password still needs' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Your password is changed. Sign in with it.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/v1/password/reset')?.body).toEqual({
      token: TOKEN,
      password: 'abcd-secret',
      password_confirmation: 'abcd-secret',
    });
  });

  it('a used or expired link says so, in the server’s words, with a way to ask for a new one', async () => {
    const { user } = renderApp({
      path: `/reset-password?token=${TOKEN}`,
      answers: {
        resetPassword: () => ({
          status: 422,
          body: errorBody('The given data was invalid.', { token: ['This link has expired. Ask for a new one.'] }),
        }),
      },
    });
    await user.type(await screen.findByLabelText('New password'), 'abcd-secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'abcd-secret');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired. Ask for a new one.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('a link without a usable token says it is damaged and sends nothing', async () => {
    const { calls } = renderApp({ path: '/reset-password?token=abc' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is incomplete or damaged.');
    expect(screen.queryByRole('button', { name: 'Set the new password' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/v1/password/reset')).toBe(false);
  });
});
