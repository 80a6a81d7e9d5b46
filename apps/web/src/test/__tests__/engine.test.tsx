import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestApi, envelope, errorBody, takeDrift } from '../api.ts';
import { demoSession, engineFetch, signInAs } from '../engine.ts';
import { demoUser } from '../fixtures.ts';
import { renderApp } from '../render.tsx';
import { engineClient, ok, seedNote } from '../seed.ts';

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

  // A stranger to block: a seeded user who is no friend of the demo account.
  const stranger = async () => {
    const { data: friends = [] } = await engineClient().GET('/api/v1/users/me/friends');
    const groups = await ok(engineClient().GET('/api/v1/users/me/channels'));
    const id = groups.flatMap((g) => g.users).find((u) => u !== demoSession().id && !friends.some((f) => f.id === u));
    if (!id) throw new Error('the test seed gives the demo account no stranger in a group');
    return id;
  };

  it('a write reaches the engine and the next call sees it (step 1 of 2: a note, an event, a block)', async () => {
    const client = engineClient();
    await seedNote({ title: 'Only in this test' });
    await ok(
      client.POST('/api/v1/users/me/events', {
        body: { title: 'Only in this test', all_day: true, start: '2026-11-25T00:00:00Z', end: '2026-11-25T00:00:00Z' },
      }),
    );
    await ok(client.PUT('/api/v1/users/{id}/block', { params: { path: { id: await stranger() } } }));
    const { id } = demoSession();
    const notes = await ok(client.GET('/api/v1/users/me/notes/{id}', { params: { path: { id } } }));
    expect(notes.map((n) => n.title)).toContain('Only in this test');
    expect((await ok(client.GET('/api/v1/users/me/events'))).map((e) => e.title)).toContain('Only in this test');
    expect(await ok(client.GET('/api/v1/users/me/blocks'))).toHaveLength(1);
  });

  it('each test starts on a fresh engine (step 2 of 2: the note, event and block of the test before are gone)', async () => {
    const client = engineClient();
    const { id } = demoSession();
    const notes = await ok(client.GET('/api/v1/users/me/notes/{id}', { params: { path: { id } } }));
    expect(notes.map((n) => n.title)).not.toContain('Only in this test');
    expect((await ok(client.GET('/api/v1/users/me/events'))).map((e) => e.title)).not.toContain('Only in this test');
    expect(await ok(client.GET('/api/v1/users/me/blocks'))).toEqual([]);
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
