import { ApiError } from '@cohort/api';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store.ts';
import { writeStoredSession } from '../../../lib/session.ts';
import { BASE_URL, createFakeApi, demoUser, envelope, errorBody, type Handler, TOKEN } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render.tsx';
import { ListHeader } from '../ListHeader.tsx';
import { useChannelChat } from '../use-channel-chat.ts';

const ID = 'chan_group0000000000';
const FRIEND = 'usr_friend0000000001';
const DOWN = { status: 503, body: errorBody('The service is unavailable.') };

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

/** The channel's event stream, driven by the test: drop it and bring it back. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener() {}
  close() {}
  reconnect() {
    act(() => this.onerror?.());
    act(() => this.onopen?.());
  }
}

beforeEach(() => {
  FakeEventSource.last = null;
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function inbox(handlers: Record<string, Handler>) {
  return renderApp({
    path: `/chatInbox?id=${ID}`,
    signedIn: true,
    handlers: {
      'GET /api/v1/users/me/channels': () => ({ body: envelope([]) }),
      'GET /api/v1/channels/{id}': () => ({ body: envelope(detail) }),
      'GET /api/v1/channels/{id}/get-messages': () => ({ body: page([1, 2], null) }),
      'POST /api/v1/channels/{id}/read': () => ({ body: envelope({ unread_count: 0 }) }),
      ...handlers,
    },
  });
}

describe('chat inbox header', () => {
  it('a failed group profile shows no member count (not "0 members") and a Retry', async () => {
    let fail = true;
    const { user } = inbox({ 'GET /api/v1/channels/{id}': () => (fail ? DOWN : { body: envelope(detail) }) });
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
      'GET /api/v1/channels/{id}': () => DOWN,
      'GET /api/v1/users/me/channels': () => ({
        body: envelope([{ ...channel, users: [demoUser.id, FRIEND, 'usr_third00000000001'] }]),
      }),
    });
    await screen.findByRole('alert');
    await waitFor(() => expect(screen.getByRole('banner')).toHaveTextContent('3 members'));
  });
});

describe('catch-up after the stream reconnects', () => {
  it('a failed catch-up says so with a Retry that fetches again', async () => {
    let fail = false;
    const { user, calls } = inbox({
      'GET /api/v1/channels/{id}/get-messages': () => (fail ? DOWN : { body: page([1, 2, 3], null) }),
    });
    // The first page is in once the inbox marks the chat read.
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/read'))).toBe(true));
    const reads = () => calls.filter((c) => c.path.endsWith('/get-messages')).length;
    expect(reads()).toBe(1);
    fail = true;
    FakeEventSource.last?.reconnect();
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
function hook(handlers: Record<string, Handler>) {
  writeStoredSession({ token: TOKEN, id: demoUser.id });
  const api = createFakeApi({ 'POST /api/v1/channels/{id}/read': () => ({ body: envelope({}) }), ...handlers });
  const store = createAppStore({ baseUrl: BASE_URL, fetch: api.fetch });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return { ...renderHook(() => useChannelChat(ID, demoUser.id), { wrapper }), calls: api.calls };
}

describe('useChannelChat', () => {
  it('opens the live stream with a single-use ticket, never with the token in the URL; a refused ticket is replaced', async () => {
    let issued = 0;
    const { calls } = hook({
      'GET /api/v1/channels/{id}/get-messages': () => ({ body: page([1], null) }),
      'POST /api/v1/stream-tickets': () => ({
        status: 201,
        body: envelope({ ticket: `ticket${String(++issued).padStart(26, '0')}`, expires_in: 60 }),
      }),
    });
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    const first = FakeEventSource.last as FakeEventSource;
    expect(first.url.toString()).toContain('ticket=ticket00000000000000000000000001');
    expect(first.url.toString()).not.toContain(TOKEN);
    expect(calls.find((c) => c.path === '/api/v1/stream-tickets')?.authorization).toBe(`Bearer ${TOKEN}`);
    // EventSource gives up (its ticket was used): a fresh ticket, a new connection.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      (first as unknown as { readyState: number }).readyState = 2;
      act(() => first.onerror?.());
      await act(() => vi.advanceTimersByTimeAsync(3100));
      await waitFor(() => expect(FakeEventSource.last).not.toBe(first));
      expect((FakeEventSource.last as FakeEventSource).url.toString()).toContain(
        'ticket=ticket00000000000000000000000002',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failed older page keeps its cursor; loading again fetches that page and clears the error', async () => {
    let fail = true;
    const { result, calls } = hook({
      'GET /api/v1/channels/{id}/get-messages': (req) =>
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
    const { result } = hook({
      'GET /api/v1/channels/{id}/get-messages': () =>
        answer === 'down' ? DOWN : { body: page(answer === 'page' ? [1, 2] : [2, 3], null) },
    });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    answer = 'down';
    FakeEventSource.last?.reconnect();
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
    const { result, calls } = hook({
      'GET /api/v1/channels/{id}/get-messages': (req) => {
        if (!outage) return { body: page([1, 2, 3], null) };
        const before = new URLSearchParams(req.search).get('before');
        const end = before ? Number(before.slice(4)) - 1 : 120;
        const start = Math.max(1, end - 49);
        return { body: page(range(start, end), start > 1 ? message(start).id : null) };
      },
    });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    outage = true;
    FakeEventSource.last?.reconnect();
    await waitFor(() => expect(result.current.items).toHaveLength(120));
    expect(result.current.items.map((m) => m.message)).toEqual(range(1, 120).map((n) => `Hello ${n}`));
    expect(calls.filter((c) => c.path.endsWith('/get-messages'))).toHaveLength(4);
    expect(result.current.refreshing).toBe(false);
  });

  it('reloads from the newest page when more was said than a catch-up reads', async () => {
    let outage = false;
    const { result } = hook({
      'GET /api/v1/channels/{id}/get-messages': (req) => {
        if (!outage) return { body: page([1, 2, 3], null) };
        const before = new URLSearchParams(req.search).get('before');
        const end = before ? Number(before.slice(4)) - 1 : 5000;
        return { body: page(range(end - 49, end), message(end - 49).id) };
      },
    });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    outage = true;
    FakeEventSource.last?.reconnect();
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
