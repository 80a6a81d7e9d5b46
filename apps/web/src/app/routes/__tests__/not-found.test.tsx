import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoSession, engineCall } from '@/test/engine.ts';
import { renderApp } from '@/test/render.tsx';

/**
 * An unknown, malformed or missing id is a not-found screen with a way back and no actions. The
 * engine gives each answer (a 404, a 422 with field errors); the first line of each case checks it does.
 */
describe.each([
  ['/group-profile', 'Group not found'],
  ['/chatInbox', 'Chat not found'],
])('%s', (path, title) => {
  it.each([
    ['an unknown id', 'chan_AAAAAAAAAAAAAAAAAAAA', 404],
    ['a malformed id', 'general', 422],
    ['no id', null, 404],
  ])('%s', async (_name, id, status) => {
    expect((await engineCall(demoSession().token, 'GET', `/api/v1/channels/${id ?? ''}`)).status).toBe(status);
    const { user, router } = renderApp({ path: id ? `${path}?id=${id}` : path, signedIn: true });
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.queryByText('The given data was invalid.')).not.toBeInTheDocument();
    expect(screen.queryByText(/No route for/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Message', { exact: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Leave|Add Members|Invite/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Chats' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats'));
  });
});

describe('/otherProfile', () => {
  it.each([
    ['an unknown id', 'usr_AAAAAAAAAAAAAAAAAAAA', 404],
    ['a malformed id', 'bob', 422],
    ['no id', null, 404],
  ])('%s', async (_name, id, status) => {
    expect((await engineCall(demoSession().token, 'GET', `/api/v1/users/${id ?? ''}`)).status).toBe(status);
    const { user, router } = renderApp({ path: id ? `/otherProfile?id=${id}` : '/otherProfile', signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Person not found' })).toBeInTheDocument();
    expect(screen.queryByText('The given data was invalid.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry|Invite/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Contacts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
  });
});
