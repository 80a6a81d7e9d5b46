import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answers, envelope, errorBody, type Resolver } from '@/test/api.ts';
import { resourcePage, TOKEN } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render.tsx';

const years: Resolver<'listResources'> = (req) =>
  req.search.includes('resource=Graduation')
    ? { body: resourcePage(['2024', '2025', '2026']) }
    : { status: 422, body: errorBody('bad') };

async function open(answers: Answers = {}) {
  const view = renderApp({
    path: '/signup',
    answers: { listResources: years, ...answers },
  });
  await screen.findByRole('option', { name: '2026' });
  return view;
}

async function fillValid(user: Awaited<ReturnType<typeof open>>['user']) {
  await user.type(screen.getByLabelText('University Name'), 'Stanford University');
  await user.type(screen.getByLabelText('Email'), 'ana@stanford.edu');
  await user.selectOptions(screen.getByLabelText('Graduation Year'), '2026');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.type(screen.getByLabelText('Confirm Password'), 'secret1');
}

describe('sign-up form', () => {
  it('offers the graduation years from the API, newest first', async () => {
    const { calls } = await open();
    expect(calls[0]?.search).toContain('resource=Graduation');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Select a year', '2026', '2025', '2024']);
  });

  it('shows each field message as the user edits it (every change)', async () => {
    const { user } = await open();
    const uni = screen.getByLabelText('University Name');
    await user.type(uni, 'S');
    await user.clear(uni);
    expect(screen.getByText('University Name is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'ana@');
    expect(screen.getByText('Email is invalid')).toBeInTheDocument();

    const password = screen.getByLabelText('Password');
    await user.type(password, 'a');
    await user.clear(password);
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user.type(password, 'secret1');
    const confirm = screen.getByLabelText('Confirm Password');
    await user.type(confirm, 'sec');
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    await user.type(confirm, 'ret1');
    expect(screen.queryByText('The passwords do not match')).not.toBeInTheDocument();
  });

  it('an empty submit names every field, including Graduation Year, and sends nothing', async () => {
    const { user, calls } = await open();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    for (const message of [
      'University Name is required',
      'Email is invalid',
      'Graduation Year is required',
      'Password is required',
      'The passwords do not match',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('waits for the server, then goes to /login with a notice', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((r) => {
      release = r;
    });
    const { user, router, calls } = await open({
      register: async () => {
        await answered;
        return { status: 201, body: envelope({ access_token: TOKEN, token_type: 'Bearer' }) };
      },
    });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    // Still on /signup, showing progress, until the answer arrives.
    expect(await screen.findByRole('button', { name: 'Creating account…' })).toBeDisabled();
    expect(router.state.location.pathname).toBe('/signup');
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText(/Your account is ready/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      university_name: 'Stanford University',
      email: 'ana@stanford.edu',
      password: 'secret1',
      graduation_year: 2026,
    });
    expect(localStorage.getItem('userInfo')).toBeNull();
  });

  it('e-mail taken: shows why next to the field and keeps the input', async () => {
    const { user, router } = await open({
      register: () => ({
        status: 409,
        body: errorBody('The email has already been taken.', { email: ['The email has already been taken.'] }),
      }),
    });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The email has already been taken.');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveValue('ana@stanford.edu');
    expect(screen.getByLabelText('University Name')).toHaveValue('Stanford University');
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('years cannot be loaded: says so and retries', async () => {
    let fail = true;
    const { user } = renderApp({
      path: '/signup',
      answers: {
        listResources: (req) => (fail ? { status: 503, body: errorBody('The service is unavailable.') } : years(req)),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the graduation years');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('option', { name: '2026' })).toBeInTheDocument();
  });
});
