import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, errorBody } from '../../../test/api.ts';
import { renderApp } from '../../../test/render.tsx';

/** An unknown, malformed or missing id is a not-found screen with a way back and no actions. */
describe.each([
  ['/group-profile', 'Group not found'],
  ['/chatInbox', 'Chat not found'],
])('%s', (path, title) => {
  it.each([
    [
      'an unknown id',
      `${path}?id=chan_AAAAAAAAAAAAAAAAAAAA`,
      { status: 404, body: errorBody('No group with id chan_AAAAAAAAAAAAAAAAAAAA.') },
    ],
    [
      'a malformed id',
      `${path}?id=general`,
      { status: 422, body: errorBody('The given data was invalid.', { id: ['Must match pattern.'] }) },
    ],
    ['no id', path, { status: 404, body: errorBody('No route for GET /api/v1/channels/.') }],
  ])('%s', async (_name, url, answer) => {
    const { user, router } = renderApp({
      path: url,
      signedIn: true,
      answers: {
        getChannel: () => answer,
        getChannelMessages: () => answer,
        listMyChannels: () => ({ body: envelope([]) }),
      },
    });
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
    ['an unknown id', '/otherProfile?id=usr_AAAAAAAAAAAAAAAAAAAA', 404],
    ['a malformed id', '/otherProfile?id=bob', 422],
    ['no id', '/otherProfile', 404],
  ])('%s', async (_name, url, status) => {
    const { user, router } = renderApp({
      path: url,
      signedIn: true,
      answers: {
        getUser: () => ({
          status,
          body: errorBody(status === 404 ? 'No such user.' : 'The given data was invalid.'),
        }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Person not found' })).toBeInTheDocument();
    expect(screen.queryByText('The given data was invalid.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry|Invite/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Contacts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
  });
});
