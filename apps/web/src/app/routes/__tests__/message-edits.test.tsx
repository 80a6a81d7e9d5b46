import { act, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { describe, expect, it } from 'vitest';
import { type Answers, envelope, errorBody, type TestStream } from '@/test/api.ts';
import { demoUser } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render.tsx';

const ID = 'chan_group00000000000';
const FRIEND = 'usr_friend0000000001';
const mine = {
  id: 'msg_mine000000000001',
  channel_id: ID,
  sender_id: demoUser.id,
  reply_message_id: null,
  message: 'See you at 5',
  time: '2026-11-21T08:00:00.000Z',
  files: [],
};
const theirs = { ...mine, id: 'msg_theirs0000000001', sender_id: FRIEND, message: 'Bring snacks' };
const channel = { id: ID, name: 'Climate Founders', description: '', tags: [], is_closed: false };

function Virtual({ children }: { children: ReactNode }) {
  return (
    <VirtuosoMockContext.Provider value={{ viewportHeight: 10_000, itemHeight: 80 }}>
      {children}
    </VirtuosoMockContext.Provider>
  );
}

function chat(createdBy: string, answers: Answers = {}) {
  const detail = {
    ...channel,
    created_by: createdBy,
    users: [demoUser.id, FRIEND],
    member_count: 2,
    online_count: 1,
    members: [],
    subgroups: [],
  };
  return renderApp({
    streams: 'test',
    path: `/chatInbox?id=${ID}`,
    signedIn: true,
    wrapper: Virtual,
    answers: {
      listMyChannels: () => ({ body: envelope([]) }),
      getChannel: () => ({ body: envelope(detail) }),
      getChannelMessages: () => ({
        body: { ...envelope([mine, theirs]), meta: { has_more: false, next_before: null } },
      }),
      markChannelRead: () => ({ body: envelope({ ...detail, unread_count: 0 }) }),
      ...answers,
    },
  });
}

const bubble = (text: string) => screen.getByText(text).closest('[data-message-id]') as HTMLElement;
const options = (text: string) =>
  bubble(text).querySelector<HTMLButtonElement>('button[aria-label="Message options"]') as HTMLButtonElement;
const menuItems = () =>
  within(screen.getByRole('list', { name: 'Message actions' }))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('editing and deleting messages', () => {
  it('my message offers Edit and Delete; Edit saves the new text and the bubble says "edited"', async () => {
    const { user, calls } = chat(FRIEND, {
      editMessage: (req) => ({
        body: envelope({
          ...mine,
          message: (req.body as { message: string }).message,
          edited_at: '2026-11-21T08:05:00.000Z',
        }),
      }),
    });
    await screen.findByText('See you at 5');
    await user.click(options('See you at 5'));
    expect(menuItems().slice(0, 2)).toEqual(['Edit', 'Delete']);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit message' });
    const box = within(dialog).getByRole('textbox', { name: 'Message' });
    await user.clear(box);
    await user.type(box, 'See you at 6');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('See you at 6')).toBeInTheDocument();
    expect(within(bubble('See you at 6')).getByText('edited')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: `/api/v1/messages/${mine.id}`,
      body: { message: 'See you at 6' },
    });
  });

  it('a refused edit says why and keeps the text typed', async () => {
    const { user } = chat(FRIEND, {
      editMessage: () => ({ status: 403, body: errorBody('Only its author can edit a message.') }),
    });
    await screen.findByText('See you at 5');
    await user.click(options('See you at 5'));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit message' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only its author can edit a message.');
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveValue('See you at 5!');
  });

  it("someone else's message: no Edit or Delete, unless I created the group (then Delete)", async () => {
    const { user, unmount } = chat(FRIEND);
    await screen.findByText('Bring snacks');
    await user.click(options('Bring snacks'));
    expect(menuItems()).not.toContain('Edit');
    expect(menuItems()).not.toContain('Delete');
    unmount();

    const creator = chat(demoUser.id, {
      deleteMessage: () => ({
        body: envelope({ ...theirs, message: '', deleted_at: '2026-11-21T09:00:00.000Z' }, 'Message deleted.'),
      }),
    });
    await screen.findByText('Bring snacks');
    await creator.user.click(options('Bring snacks'));
    expect(menuItems()[0]).toBe('Delete');
    expect(menuItems()).not.toContain('Edit');
    await creator.user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete message?' });
    await creator.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Message deleted')).toBeInTheDocument();
    expect(screen.queryByText('Bring snacks')).not.toBeInTheDocument();
  });

  it('an edit or delete by someone else arrives live on the group stream; a reply quoting it follows', async () => {
    const reply = { ...mine, id: 'msg_reply00000000001', message: 'Sure', reply_message_id: theirs.id };
    const { streams } = chat(FRIEND, {
      getChannelMessages: () => ({
        body: { ...envelope([mine, theirs, reply]), meta: { has_more: false, next_before: null } },
      }),
    });
    await screen.findByText('Sure');
    const shown = () => document.querySelector(`[data-message-id="${theirs.id}"]`) as HTMLElement;
    const stream = await waitFor(() => {
      const open = streams.find((st) => st.path === `/api/v1/channels/${ID}/stream` && !st.closed());
      expect(open).toBeDefined();
      return open as TestStream;
    });
    act(() =>
      stream.send('message_updated', { ...theirs, message: 'Bring drinks', edited_at: '2026-11-21T08:10:00.000Z' }),
    );
    await waitFor(() => expect(shown()).toHaveTextContent('Bring drinks'));
    expect(within(shown()).getByText('edited')).toBeInTheDocument();
    expect(bubble('Sure')).toHaveTextContent('Bring drinks');
    act(() => stream.send('message_updated', { ...theirs, message: '', deleted_at: '2026-11-21T08:20:00.000Z' }));
    await waitFor(() => expect(shown()).toHaveTextContent('Message deleted'));
    expect(shown()).not.toHaveTextContent('Bring drinks');
    expect(shown().querySelector('button[aria-label="Message options"]')).toBeNull();
    // The reply's quote of it says so too.
    expect(bubble('Sure')).toHaveTextContent('Message deleted');
  });

  it("the chat list's preview follows an edit and a delete (user stream)", async () => {
    const { streams } = renderApp({
      streams: 'test',
      path: '/chats',
      signedIn: true,
      answers: {
        listMyChannels: () => ({
          body: envelope([{ ...channel, users: [demoUser.id, FRIEND], member_count: 2, last_message: theirs }]),
        }),
      },
    });
    const row = await screen.findByRole('link', { name: /Climate Founders/ });
    expect(row).toHaveTextContent('Bring snacks');
    const stream = await waitFor(() => {
      const open = streams.find((st) => st.path === '/api/v1/users/me/stream' && !st.closed());
      expect(open).toBeDefined();
      return open as TestStream;
    });
    act(() => stream.send('message_updated', { channel_id: ID, message: { ...theirs, message: 'Bring drinks' } }));
    await waitFor(() => expect(row).toHaveTextContent('Bring drinks'));
    act(() =>
      stream.send('message_updated', {
        channel_id: ID,
        message: { ...theirs, message: '', deleted_at: '2026-11-21T09:00:00.000Z' },
      }),
    );
    await waitFor(() => expect(row).toHaveTextContent('Message deleted'));
  });
});
