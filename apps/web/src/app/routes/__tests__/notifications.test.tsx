import type { Schemas } from '@cohort/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answers, envelope, errorBody } from '@/test/api.ts';
import { demoSession } from '@/test/engine.ts';
import { renderApp } from '@/test/render.tsx';
import { engineClient, ok, seededStranger, seedInvitation } from '@/test/seed.ts';

const actor = {
  id: 'usr_actor00000000001',
  first_name: 'Dana',
  last_name: 'Okafor',
  profile_image: null,
  last_seen_at: null,
};
const base = { actor, connection_id: null, channel_id: null, invite_id: null, message_id: null, read_at: null };
const note = (id: number, over: Partial<Schemas['Notification']> = {}): Schemas['Notification'] => ({
  ...base,
  id,
  kind: 'connection_invited',
  text: `Dana Okafor invited you to connect (${id}).`,
  created_at: new Date(Date.UTC(2026, 10, 20, 8, id)).toISOString(),
  connection_id: id,
  ...over,
});
const page = (items: Schemas['Notification'][], nextBefore: number | null, unread: number) => ({
  ...envelope(items),
  meta: { has_more: nextBefore !== null, next_before: nextBefore, unread_count: unread },
});

function notifications(answers: Answers, unread = 2) {
  return renderApp({
    streams: 'test',
    path: '/notifications',
    signedIn: true,
    answers: {
      listNotifications: (req) => {
        const q = new URLSearchParams(req.search);
        if (q.get('limit') === '1') return { body: page([note(31)], 30, unread) };
        return q.get('before') === '30'
          ? { body: page([note(29, { read_at: '2026-11-21T08:00:00.000Z' })], null, unread) }
          : { body: page([note(31), note(30)], 30, unread) };
      },
      markNotificationRead: (req) => ({
        body: envelope(note(Number(req.path.split('/')[4]), { read_at: '2026-11-22T08:00:00.000Z' })),
      }),
      getUser: () => ({
        body: envelope({
          ...actor,
          description: null,
          created_at: '2025-09-01T09:30:00.000Z',
          updated_at: '2025-09-01T09:30:00.000Z',
        }),
      }),
      ...answers,
    },
  });
}

/** A seeded stranger invites the demo account to connect, through the API: the engine notifies them. */
async function invitedBy() {
  const stranger = await seededStranger();
  await seedInvitation(stranger, demoSession().id);
  const p = await ok(engineClient().GET('/api/v1/users/{id}', { params: { path: { id: stranger } } }));
  return { stranger, name: `${p.first_name} ${p.last_name}` };
}

/** The demo account's unread notifications, as the engine counts them. */
async function unreadCount() {
  const { data } = await engineClient().GET('/api/v1/users/me/notifications', { params: { query: { limit: 1 } } });
  return data?.meta.unread_count ?? 0;
}

const badge = () => within(screen.getByRole('navigation', { name: 'Main' })).queryByTestId('unread-notifications');

describe('/notifications', () => {
  it('lists who, what and when, newest first, unread marked; older ones a page at a time', async () => {
    const { user, calls } = notifications({});
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('button');
    expect(items.map((b) => b.textContent)).toEqual([
      expect.stringContaining('invited you to connect (31).'),
      expect.stringContaining('invited you to connect (30).'),
    ]);
    expect(items[0]).toHaveTextContent('DO');
    expect(items[0]).toHaveTextContent('Unread');
    expect(items[0]?.querySelector('time')).toHaveAttribute('datetime', note(31).created_at);
    expect(items[0]?.querySelector('time')?.textContent).not.toBe('');
    await user.click(screen.getByRole('button', { name: 'Show older notifications' }));
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(3));
    expect(within(list).getAllByRole('button')[2]).not.toHaveTextContent('Unread');
    expect(calls.some((c) => c.path.endsWith('/notifications') && c.search.includes('before=30'))).toBe(true);
  });

  it('opening one marks it read and goes to what it is about (the inviter’s profile)', async () => {
    const { stranger, name } = await invitedBy();
    const unread = await unreadCount();
    const { user, calls, router } = renderApp({ path: '/notifications', signedIn: true });
    await waitFor(() => expect(badge()).toHaveTextContent(`${unread} unread`));
    await user.click(await screen.findByRole('button', { name: (n) => n.includes(`${name} invited you to connect`) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/otherProfile'));
    expect(router.state.location.search).toBe(`?id=${stranger}`);
    expect(calls.some((c) => c.method === 'POST' && /^\/api\/v1\/notifications\/\d+\/read$/.test(c.path))).toBe(true);
    // One less, once: the engine's own notification event (the count after the read) is not taken off again.
    expect(await unreadCount()).toBe(unread - 1);
    await waitFor(() => expect(badge()).toHaveTextContent(`${unread - 1} unread`));
  });

  it('a missed call opens the call history (to call back)', async () => {
    const missed = note(31, {
      kind: 'call_missed',
      text: 'You missed a call from Dana Okafor.',
      connection_id: null,
      call_id: 'call_missed0000000010',
    });
    const { user, router } = notifications({
      listNotifications: () => ({ body: page([missed], null, 1) }),
    });
    await user.click(await screen.findByRole('button', { name: /missed a call from Dana Okafor/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/calls'));
  });

  it('a notification about a deleted group says it is no longer available, in place', async () => {
    const gone = note(31, {
      kind: 'group_added',
      text: 'Dana Okafor added you to Climate Founders.',
      channel_id: 'chan_gone000000000001',
      connection_id: null,
    });
    const { user, router } = notifications({
      listNotifications: () => ({ body: page([gone], null, 1) }),
      getChannel: () => ({ status: 404, body: errorBody('No group with that id.') }),
    });
    await user.click(await screen.findByRole('button', { name: /added you to Climate Founders/ }));
    expect(await screen.findByText('This group is no longer available.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notifications');
  });

  it('Mark all read clears every unread mark and the badge', async () => {
    await invitedBy();
    const unread = await unreadCount();
    const { user, calls } = renderApp({ path: '/notifications', signedIn: true });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(badge()).toHaveTextContent(`${unread} unread`));
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(within(list).queryByText('Unread')).not.toBeInTheDocument());
    expect(badge()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/users/me/notifications/read')).toBe(true);
    expect(await unreadCount()).toBe(0);
  });

  it('a `notification` event raises the badge and puts the new one on top, without a reload', async () => {
    const unread = await unreadCount();
    const { live } = renderApp({ path: '/notifications', signedIn: true });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    if (unread > 0) await waitFor(() => expect(badge()).toHaveTextContent(`${unread} unread`));
    // The engine sends only to streams open when the invitation is made.
    await waitFor(() => expect(live).toContain('/api/v1/users/me/stream'));
    const { name } = await invitedBy();
    await waitFor(() => expect(badge()).toHaveTextContent(`${unread + 1} unread`));
    expect(screen.getByRole('link', { name: `Alerts (${unread + 1} unread)` })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(within(list).getAllByRole('button')[0]).toHaveTextContent(`${name} invited you to connect`);
  });
});
