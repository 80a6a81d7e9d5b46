import { ApiError } from '@cohort/api';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { describe, expect, it, vi } from 'vitest';
import { ListHeader } from '@/features/chat/components/ListHeader.tsx';
import { useChannelChat } from '@/features/chat/hooks/use-channel-chat.ts';
import { dayLabel } from '@/lib/dates.ts';
import { writeStoredSession } from '@/lib/session.ts';
import { type Answers, createTestApi, envelope, errorBody, failure, type TestStream } from '@/test/api.ts';
import { demoSession } from '@/test/engine.ts';
import { demoUser } from '@/test/fixtures.ts';
import { createTestStore, renderApp, TestProviders } from '@/test/render.tsx';

const ID = 'chan_group00000000000';
const FRIEND = 'usr_friend0000000001';
const DOWN = failure(503, 'The service is unavailable.');

const message = (n: number) => ({
  id: `msg_${String(n).padStart(16, '0')}`,
  channel_id: ID,
  sender_id: FRIEND,
  reply_message_id: null,
  message: `Hello ${n}`,
  time: new Date(Date.UTC(2026, 10, 1, 10, n)).toISOString(),
  files: [],
});
const page = (ns: number[], nextBefore: string | null) => ({
  ...envelope(ns.map(message)),
  meta: { has_more: nextBefore !== null, next_before: nextBefore },
});
const channel = { id: ID, name: 'Climate Founders', description: '', tags: [], is_closed: false };
const detail = {
  ...channel,
  users: [demoUser.id, FRIEND],
  member_count: 2,
  online_count: 1,
  members: [],
  subgroups: [],
};

const STREAM = `/api/v1/channels/${ID}/stream`;

/** Drops the open chat's live stream, as a server restart would: the app reconnects and catches up. */
function dropStream(streams: TestStream[]) {
  const open = streams.filter((st) => st.path === STREAM && !st.closed());
  expect(open).toHaveLength(1);
  act(() => open[0]?.drop());
}

function inbox(answers: Answers) {
  return renderApp({
    streams: 'test',
    path: `/chatInbox?id=${ID}`,
    signedIn: true,
    answers: {
      listMyChannels: () => ({ body: envelope([]) }),
      getChannel: () => ({ body: envelope(detail) }),
      getChannelMessages: () => ({ body: page([1, 2], null) }),
      markChannelRead: () => ({ body: envelope({ ...detail, unread_count: 0 }) }),
      ...answers,
    },
  });
}

describe('chat inbox header', () => {
  it('a failed group profile shows no member count (not "0 members") and a Retry', async () => {
    let fail = true;
    const { user } = inbox({ getChannel: () => (fail ? DOWN : { body: envelope(detail) }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Could not load the group's members: The service is unavailable.",
    );
    const header = screen.getByRole('banner');
    expect(header).not.toHaveTextContent(/members/);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(header).toHaveTextContent('2 members · 1 online'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a failed group profile still counts the members of a group in the loaded list', async () => {
    inbox({
      getChannel: () => DOWN,
      listMyChannels: () => ({
        body: envelope([{ ...channel, users: [demoUser.id, FRIEND, 'usr_third00000000001'], member_count: 3 }]),
      }),
    });
    await screen.findByRole('alert');
    await waitFor(() => expect(screen.getByRole('banner')).toHaveTextContent('3 members'));
  });
});

describe('sending while the history has not loaded', () => {
  it('keeps the message in the box (never taken and lost); after Retry loads the history it sends', async () => {
    let down = true;
    const sent: unknown[] = [];
    const { user } = inbox({
      getChannelMessages: () => (down ? DOWN : { body: page([1], null) }),
      sendMessage: (req) => {
        sent.push(req.body);
        return { status: 201, body: envelope({ ...message(9), sender_id: demoUser.id, message: 'Still here' }) };
      },
    });
    expect(await screen.findByText(/Could not load the messages/)).toBeInTheDocument();
    const box = screen.getByLabelText('Message', { exact: true });
    await user.type(box, 'Still here{Enter}');
    expect(box).toHaveValue('Still here');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(sent).toEqual([]);
    down = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
    expect(box).toHaveValue('Still here');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(box).toHaveValue('');
  });
});

describe('a group the user is not in (left it, then Back)', () => {
  it('shows no history, Retry or message box, and offers Back to Chats', async () => {
    const { user, router } = inbox({
      getChannel: () => ({ body: envelope({ ...detail, users: [FRIEND], is_member: false }) }),
      getChannelMessages: () => ({
        status: 403,
        body: errorBody('You are not a member of this group.'),
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Not in this group' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Message', { exact: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Chats' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats'));
  });
});

describe('day separators', () => {
  it('the history shows where each day starts, once per day', async () => {
    const at = (n: number, day: number) => ({ ...message(n), time: new Date(2026, 10, day, 10, n).toISOString() });
    renderApp({
      streams: 'test',
      path: `/chatInbox?id=${ID}`,
      signedIn: true,
      wrapper: ({ children }) => (
        <VirtuosoMockContext.Provider value={{ viewportHeight: 100_000, itemHeight: 100 }}>
          {children}
        </VirtuosoMockContext.Provider>
      ),
      answers: {
        listMyChannels: () => ({ body: envelope([]) }),
        getChannel: () => ({ body: envelope(detail) }),
        getChannelMessages: () => ({
          body: { ...envelope([at(1, 16), at(2, 16), at(3, 17)]), meta: { has_more: false, next_before: null } },
        }),
        markChannelRead: () => ({ body: envelope({ ...detail, unread_count: 0 }) }),
      },
    });
    await screen.findByText('Hello 3');
    const log = screen.getByRole('log', { name: 'Messages' });
    const days = Array.from(log.querySelectorAll('p > time')).map((el) => el.textContent);
    expect(days).toEqual([dayLabel(at(1, 16).time), dayLabel(at(3, 17).time)]);
  });
});

describe('catch-up after the stream reconnects', () => {
  it('a failed catch-up says so with a Retry that fetches again', async () => {
    let fail = false;
    const { user, calls, streams } = inbox({
      getChannelMessages: () => (fail ? DOWN : { body: page([1, 2, 3], null) }),
    });
    // The first page is in once the inbox marks the chat read.
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/read'))).toBe(true));
    const reads = () => calls.filter((c) => c.path.endsWith('/get-messages')).length;
    expect(reads()).toBe(1);
    fail = true;
    await waitFor(() => expect(streams.some((st) => st.path === STREAM)).toBe(true));
    dropStream(streams);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Couldn't refresh messages: The service is unavailable.",
    );
    expect(reads()).toBe(2);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(reads()).toBe(3);
  });
});

/** The chat hook alone, over the fake API (the message list draws no rows in this environment). */
function hook(answers: Answers) {
  writeStoredSession(demoSession());
  const api = createTestApi(
    {
      markChannelRead: () => ({ body: envelope({ ...detail, unread_count: 0 }) }),
      ...answers,
    },
    { streams: 'test' },
  );
  const store = createTestStore(api);
  const wrapper = ({ children }: { children: ReactNode }) => <TestProviders store={store}>{children}</TestProviders>;
  return { ...renderHook(() => useChannelChat(ID, demoUser.id), { wrapper }), calls: api.calls, streams: api.streams };
}

describe('useChannelChat', () => {
  it('opens the live stream with the token in the Authorization header (never in a URL); live messages, pins and presence arrive; a drop reconnects with Last-Event-ID', async () => {
    const { result, streams } = hook({ getChannelMessages: () => ({ body: page([1], null) }) });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await waitFor(() => expect(streams.filter((st) => st.path === STREAM)).toHaveLength(1));
    const first = streams[streams.length - 1] as TestStream;
    expect(first.authorization).toBe(`Bearer ${demoSession().token}`);
    expect(first.lastEventId).toBeNull();
    await waitFor(() => expect(result.current.live).toBe(true));
    act(() => first.send('message', message(2), message(2).id));
    act(() => first.send('pin', { message: message(1) }));
    act(() => first.send('presence', { online_count: 3 }));
    await waitFor(() => expect(result.current.items.map((m) => m.message)).toEqual(['Hello 1', 'Hello 2']));
    await waitFor(() => expect(result.current.online).toBe(3));
    expect(result.current.pinned?.id).toBe(message(1).id);
    dropStream(streams);
    await waitFor(() => expect(streams.filter((st) => st.path === STREAM)).toHaveLength(2));
    expect(streams.filter((st) => st.path === STREAM)[1]?.lastEventId).toBe(message(2).id);
  });

  it('a failed older page keeps its cursor; loading again fetches that page and clears the error', async () => {
    let fail = true;
    const { result, calls } = hook({
      getChannelMessages: (req) =>
        !req.search.includes('before=')
          ? { body: page([3, 4], message(3).id) }
          : fail
            ? DOWN
            : { body: page([1, 2], null) },
    });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.loadOlder());
    await waitFor(() => expect(result.current.olderError?.message).toBe('The service is unavailable.'));
    expect(result.current.items.map((m) => m.message)).toEqual(['Hello 3', 'Hello 4']);
    expect(result.current.hasMore).toBe(true);
    fail = false;
    act(() => result.current.loadOlder());
    await waitFor(() => expect(result.current.items).toHaveLength(4));
    expect(result.current.olderError).toBeNull();
    const older = calls.filter((c) => c.search.includes('before='));
    expect(older.map((c) => new URLSearchParams(c.search).get('before'))).toEqual([message(3).id, message(3).id]);
  });

  it('a catch-up that works after a failed one merges what was said meanwhile', async () => {
    let answer: 'page' | 'down' | 'newer' = 'page';
    const { result, streams } = hook({
      getChannelMessages: () => (answer === 'down' ? DOWN : { body: page(answer === 'page' ? [1, 2] : [2, 3], null) }),
    });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    answer = 'down';
    await waitFor(() => expect(streams.some((st) => st.path === STREAM)).toBe(true));
    dropStream(streams);
    await waitFor(() => expect(result.current.refreshError?.message).toBe('The service is unavailable.'));
    answer = 'newer';
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.refreshError).toBeNull());
    expect(result.current.items.map((m) => m.message)).toEqual(['Hello 1', 'Hello 2', 'Hello 3']);
  });
});

describe('useChannelChat catch-up', () => {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  it('reads back page by page until it meets what is shown, so a long outage leaves no gap', async () => {
    // Before the drop the chat shows 1..3; meanwhile 4..120 were said (more than two pages).
    let outage = false;
    const { result, calls, streams } = hook({
      getChannelMessages: (req) => {
        if (!outage) return { body: page([1, 2, 3], null) };
        const before = new URLSearchParams(req.search).get('before');
        const end = before ? Number(before.slice(4)) - 1 : 120;
        const start = Math.max(1, end - 49);
        return { body: page(range(start, end), start > 1 ? message(start).id : null) };
      },
    });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    outage = true;
    await waitFor(() => expect(streams.some((st) => st.path === STREAM)).toBe(true));
    dropStream(streams);
    await waitFor(() => expect(result.current.items).toHaveLength(120));
    expect(result.current.items.map((m) => m.message)).toEqual(range(1, 120).map((n) => `Hello ${n}`));
    expect(calls.filter((c) => c.path.endsWith('/get-messages'))).toHaveLength(4);
    expect(result.current.refreshing).toBe(false);
  });

  it('reloads from the newest page when more was said than a catch-up reads', async () => {
    let outage = false;
    const { result, streams } = hook({
      getChannelMessages: (req) => {
        if (!outage) return { body: page([1, 2, 3], null) };
        const before = new URLSearchParams(req.search).get('before');
        const end = before ? Number(before.slice(4)) - 1 : 5000;
        return { body: page(range(end - 49, end), message(end - 49).id) };
      },
    });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    outage = true;
    await waitFor(() => expect(streams.some((st) => st.path === STREAM)).toBe(true));
    dropStream(streams);
    await waitFor(() => expect(result.current.items.at(-1)?.message).toBe('Hello 5000'));
    expect(result.current.items).toHaveLength(50);
    expect(result.current.items[0]?.message).toBe('Hello 4951');
  });
});

describe('ListHeader', () => {
  it('shows a failed older page with a Retry', async () => {
    const onRetryOlder = vi.fn();
    const context = { loadingOlder: false, hasMore: true, empty: false, onRetryOlder };
    const { rerender } = render(<ListHeader context={{ ...context, olderError: new ApiError(503, 'Down.') }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load older messages: Down.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetryOlder).toHaveBeenCalledTimes(1);
    rerender(<ListHeader context={{ ...context, loadingOlder: true, olderError: null }} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Loading older messages…')).toBeInTheDocument();
  });
});
