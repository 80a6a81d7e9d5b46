import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestApi, envelope, errorBody, takeDrift } from '../api.ts';
import { demoSession, engineFetch, signInAs } from '../engine.ts';
import { demoUser } from '../fixtures.ts';
import { renderApp } from '../render.tsx';

interface Group {
  id: string;
  name: string;
  users: string[];
}
const data = <T,>(body: unknown) => (body as { data: T }).data;

/** The test server's engine: real answers over the seed, fresh per test, under overrides. */
describe('the test server answers from the mock engine', () => {
  it('signedIn is a real sign-in of the seeded demo account: the engine knows its token', async () => {
    const { token, id } = demoSession();
    const api = createTestApi();
    const response = await api.fetch(`${api.baseUrl}/api/v1/users/me`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(data<{ id: string; email: string }>(await response.json())).toMatchObject({ id, email: 'demo@cohort.test' });
    const stranger = await api.fetch(`${api.baseUrl}/api/v1/users/me`, { headers: { Authorization: 'Bearer nope' } });
    expect(stranger.status).toBe(401);
    // The fixtures' demo user is this account (its id; other fields are the fixture's own).
    expect(id).toBe(demoUser.id);
  });

  it('a write reaches the engine and the next call sees it (step 1 of 2: stores a note)', async () => {
    const { token, id } = demoSession();
    await engineFetch(token, 'POST', '/api/v1/users/me/notes/store', {
      title: 'Only in this test',
      note: 'Gone before the next one.',
      date: '2026-11-25',
    });
    const notes = data<{ title: string }[]>(await engineFetch(token, 'GET', `/api/v1/users/me/notes/${id}`));
    expect(notes.map((n) => n.title)).toContain('Only in this test');
  });

  it('each test starts from the seed (step 2 of 2: the note of the test before is gone)', async () => {
    const { token, id } = demoSession();
    const notes = data<{ title: string }[]>(await engineFetch(token, 'GET', `/api/v1/users/me/notes/${id}`));
    expect(notes.map((n) => n.title)).not.toContain('Only in this test');
  });

  it('an override answers its operation; every other call still reaches the engine', async () => {
    const { token } = demoSession();
    const api = createTestApi({ listNotes: () => ({ status: 503, body: errorBody('Down for maintenance.') }) });
    const auth = { headers: { Authorization: `Bearer ${token}` } };
    expect((await api.fetch(`${api.baseUrl}/api/v1/users/me/notes/${demoSession().id}`, auth)).status).toBe(503);
    expect((await api.fetch(`${api.baseUrl}/api/v1/users/me`, auth)).status).toBe(200);
  });

  it('a drifted override still fails the test', async () => {
    // @ts-expect-error the typing refuses it too
    const api = createTestApi({ getMe: () => ({ body: envelope({ id: 7 }) }) });
    await api.fetch(`${api.baseUrl}/api/v1/users/me`, { headers: { Authorization: `Bearer ${demoSession().token}` } });
    expect(takeDrift()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^getMe 200: \/data\/id must be string/)]),
    );
    takeDrift();
  });

  it('the whole app runs on it: the chat list is the seeded one, and a message another member sends reaches it live', async () => {
    const { live } = renderApp({ path: '/chats', signedIn: true });
    const { token, id } = demoSession();
    const groups = data<Group[]>(await engineFetch(token, 'GET', '/api/v1/users/me/channels'));
    const shared = groups.find((g) => g.users.some((u) => u !== id));
    if (!shared) throw new Error('the test seed gives the demo account no group with another member');
    const list = await screen.findByRole('list', { name: 'Chats' });
    await within(list).findByText(shared.name);
    const other = shared.users.find((u) => u !== id) as string;
    // Wait for the live stream: the engine sends only to streams open when the message is stored.
    await waitFor(() => expect(live).toContain('/api/v1/users/me/stream'));
    await engineFetch(signInAs(other), 'POST', `/api/v1/channels/${shared.id}/messages`, {
      message: 'Sent through the engine',
    });
    expect(await within(list).findByText('Sent through the engine')).toBeInTheDocument();
  });
});
