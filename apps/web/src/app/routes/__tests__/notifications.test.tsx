import type { Schemas } from '@cohort/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answers, envelope, errorBody, type TestStream } from '../../../test/api.ts';
import { renderApp } from '../../../test/render.tsx';

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
    const { user, calls, router } = notifications({});
    await waitFor(() => expect(badge()).toHaveTextContent('2 unread'));
    await user.click(await screen.findByRole('button', { name: /\(31\)/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/otherProfile'));
    expect(router.state.location.search).toBe(`?id=${actor.id}`);
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/notifications/31/read')).toBe(true);
    await waitFor(() => expect(badge()).toHaveTextContent('1 unread'));
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
    const { user, calls } = notifications({
      markAllNotificationsRead: () => ({ body: envelope({ unread_count: 0 }, 'All read.') }),
    });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(badge()).toHaveTextContent('2 unread'));
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(within(list).queryByText('Unread')).not.toBeInTheDocument());
    expect(badge()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/users/me/notifications/read')).toBe(true);
  });

  it('a `notification` event raises the badge and puts the new one on top, without a reload', async () => {
    const { streams } = notifications({}, 2);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(badge()).toHaveTextContent('2 unread'));
    const stream = await waitFor(() => {
      const open = streams.find((st) => st.path === '/api/v1/users/me/stream' && !st.closed());
      expect(open).toBeDefined();
      return open as TestStream;
    });
    act(() =>
      stream.send('notification', {
        notification: note(32, { kind: 'connection_accepted', text: 'Dana Okafor accepted your invitation.' }),
        unread_count: 3,
      }),
    );
    await waitFor(() => expect(badge()).toHaveTextContent('3 unread'));
    expect(screen.getByRole('link', { name: /^Alerts ?\(3 unread\)$/ })).toHaveAttribute('href', '/notifications');
    expect(within(list).getAllByRole('button')[0]).toHaveTextContent('Dana Okafor accepted your invitation.');
  });
});
