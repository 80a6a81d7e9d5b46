import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readStoredSession } from '@/lib/session.ts';
import { errorBody } from '@/test/api.ts';
import { engineFetch } from '@/test/engine.ts';
import { demoUser } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render.tsx';

async function fill(
  user: ReturnType<typeof renderApp>['user'],
  values: { uni?: string; email?: string; password?: string },
) {
  if (values.uni !== undefined) await user.type(screen.getByLabelText('University Name'), values.uni);
  if (values.email !== undefined) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password !== undefined) await user.type(screen.getByLabelText('Password'), values.password);
}

describe('sign-in form', () => {
  it('validates on every change: the email message comes and goes as the user types', async () => {
    const { user } = renderApp({ path: '/login' });
    const email = await screen.findByLabelText('Email');
    await user.type(email, 'ana');
    expect(screen.getByText('Email is invalid')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await user.type(email, '@stanford.edu');
    expect(screen.queryByText('Email is invalid')).not.toBeInTheDocument();
  });

  it('shows the password message once the password is emptied', async () => {
    const { user } = renderApp({ path: '/login' });
    const password = await screen.findByLabelText('Password');
    await user.type(password, 'x');
    expect(screen.queryByText('Password is invalid')).not.toBeInTheDocument();
    await user.clear(password);
    expect(screen.getByText('Password is invalid')).toBeInTheDocument();
  });

  it('submitting an empty form names every field and sends nothing', async () => {
    const { user, calls } = renderApp({ path: '/login' });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('University Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is invalid')).toBeInTheDocument();
    expect(screen.getByText('Password is invalid')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('wrong credentials: shows the server message and keeps what was typed', async () => {
    const { user, calls } = renderApp({
      path: '/login',
      answers: {
        login: () => ({ status: 401, body: errorBody('These credentials do not match our records.') }),
      },
    });
    await screen.findByLabelText('Email');
    await fill(user, { uni: 'Stanford University', email: 'ana@stanford.edu', password: 'wrong-one' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('These credentials do not match our records.');
    expect(screen.getByLabelText('Email')).toHaveValue('ana@stanford.edu');
    expect(screen.getByLabelText('Password')).toHaveValue('wrong-one');
    expect(calls[0]?.body).toEqual({
      uniName: 'Stanford University',
      email: 'ana@stanford.edu',
      password: 'wrong-one',
    });
    expect(readStoredSession()).toBeNull();
  });

  it('server down: says so instead of doing nothing', async () => {
    const { user } = renderApp({
      path: '/login',
      answers: { login: () => ({ status: 503, body: errorBody('The service is unavailable.') }) },
    });
    await screen.findByLabelText('Email');
    await fill(user, { uni: 'Stanford University', email: 'ana@stanford.edu', password: 'pw' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is unavailable.');
  });

  it('success: keeps the token and the user id under userInfo, then goes to /profile', async () => {
    const { user, router } = renderApp({ path: '/login' });
    await screen.findByLabelText('Email');
    await fill(user, { uni: 'Stanford University', email: 'demo@cohort.test', password: 'cohort-demo' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    const stored = JSON.parse(localStorage.getItem('userInfo') ?? 'null') as { token: string; id: string };
    expect(stored).toEqual({ token: expect.any(String), id: demoUser.id });
    // The token kept is the one the engine issued: it reads the account.
    expect(await engineFetch(stored.token, 'GET', '/api/v1/users/me')).toMatchObject({ data: { id: demoUser.id } });
  });

  it('shows the notice registration left', async () => {
    renderApp({ path: '/login', state: { notice: 'Your account is ready.' } });
    expect((await screen.findByText('Your account is ready.')).closest('[role="status"]')).not.toBeNull();
  });
});
