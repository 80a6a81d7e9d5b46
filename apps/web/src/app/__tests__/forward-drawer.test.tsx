import type { Schemas } from '@cohort/api';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { EventFormPanel } from '../../features/calendar/components/EventFormPanel.tsx';
import { ForwardDrawer } from '../../features/chat/components/ForwardDrawer.tsx';
import { useFriends } from '../../features/directory/api/friends.ts';
import { useChannelActions, useMyChannels } from '../../features/groups/api/channels.ts';
import { writeStoredSession } from '../../lib/session.ts';
import { type Answers, createTestApi, envelope, failure } from '../../test/api.ts';
import { demoSession } from '../../test/engine.ts';
import { demoUser } from '../../test/fixtures.ts';
import { createTestStore, TestProviders } from '../../test/render.tsx';

const ID = 'chan_group00000000000';
const message = {
  id: 'msg_0000000000000001',
  channel_id: ID,
  sender_id: demoUser.id,
  reply_message_id: null,
  message: 'Demo night on Thursday',
  time: '2026-11-01T10:00:00.000Z',
  files: [],
};
const friend = {
  id: 'usr_friend0000000002',
  first_name: 'Omar',
  last_name: 'Haddad',
  email: 'o@x.edu',
  profile_image: null,
  university: 'MIT',
  graduation_year: 2026,
};
const otherChat = { id: 'chan_other00000000000', name: 'Hiking club', description: '', tags: [], is_closed: false };
/** A plain group that happens to hold just me and the friend: not their one-to-one chat. */
const otherChatOfTwo = { ...otherChat, users: [demoUser.id, friend.id], member_count: 2, is_direct: false };
const directChat = {
  id: 'chan_direct0000000000',
  name: 'Omar Haddad',
  description: '',
  tags: [],
  is_closed: true,
  users: [demoUser.id, friend.id],
  member_count: 2,
  is_direct: true,
};

/** The drawer as the inbox uses it: friends and chats from the real atoms, Retry reloading them. */
function Inbox() {
  const friends = useFriends();
  const channels = useMyChannels();
  const { create } = useChannelActions();
  const loadFriends = friends.load;
  useEffect(() => {
    void loadFriends();
  }, [loadFriends]);
  return (
    <ForwardDrawer
      message={message}
      me={demoUser.id}
      channels={channels}
      currentChannelId={ID}
      friends={friends}
      onRetryChannels={channels.reload}
      onRetryFriends={() => void loadFriends()}
      createGroup={create}
      calendar={(onSaved) => (
        <EventFormPanel
          message={message}
          friends={friends}
          onRetryFriends={() => void loadFriends()}
          onSaved={onSaved}
        />
      )}
      onDone={vi.fn()}
      onClose={vi.fn()}
    />
  );
}

function drawer(
  { friendsUp = false, chatsUp = true, chats = [otherChatOfTwo] as Schemas['Channel'][] } = {},
  extra: Answers = {},
) {
  const up = { friends: friendsUp, chats: chatsUp };
  writeStoredSession(demoSession());
  const api = createTestApi({
    listFriends: () => (up.friends ? { body: [friend] } : failure(503, 'The service is unavailable.')),
    listMyChannels: () => (up.chats ? { body: envelope(chats) } : failure(503, 'The service is unavailable.')),
    ...(extra as Answers),
  });
  const store = createTestStore(api);
  render(
    <TestProviders store={store}>
      <Inbox />
    </TestProviders>,
  );
  return { user: userEvent.setup(), up, calls: api.calls };
}

describe('Forward drawer', () => {
  it('Contacts: a failed friends load shows the error with Retry, not "No contacts yet."', async () => {
    const { user, up } = drawer();
    await user.click(screen.getByRole('tab', { name: 'Contacts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load your contacts: The service is unavailable.',
    );
    expect(screen.queryByText('No contacts yet.')).not.toBeInTheDocument();
    up.friends = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('checkbox', { name: /Omar Haddad/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Calendar: People shows the friends error with Retry and keeps what the user typed', async () => {
    const { user, up } = drawer();
    await user.click(screen.getByRole('tab', { name: 'Calendar' }));
    const title = screen.getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Demo night');
    const people = screen.getByRole('group', { name: 'People' });
    expect(await within(people).findByRole('alert')).toHaveTextContent(
      'Could not load your contacts: The service is unavailable.',
    );
    up.friends = true;
    await user.click(within(people).getByRole('button', { name: 'Retry' }));
    await user.click(await within(people).findByRole('checkbox', { name: /Omar Haddad/ }));
    expect(within(people).getByRole('checkbox', { name: /Omar Haddad/ })).toBeChecked();
    expect(screen.getByLabelText('Title')).toHaveValue('Demo night');
  });

  it('Contacts: without the chat list (to find an existing chat) Forward waits for a Retry', async () => {
    const { user, up } = drawer({ friendsUp: true, chatsUp: false });
    await user.click(screen.getByRole('tab', { name: 'Contacts' }));
    await user.click(await screen.findByRole('checkbox', { name: /Omar Haddad/ }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Could not load your chats, so existing conversations cannot be found: The service is unavailable.',
    );
    expect(screen.getByRole('button', { name: 'Forward' })).toBeDisabled();
    up.chats = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Forward' })).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Contacts: forwards into the one-to-one chat, starting it (is_direct) when only a plain group of the two exists', async () => {
    const forwarded = (channelIds: string[]) => ({
      status: 201 as const,
      body: envelope(channelIds.map((id, i) => ({ ...message, id: `msg_fwd000000000000${i}`, channel_id: id }))),
    });
    const send = async (chats: Schemas['Channel'][]) => {
      const { user, calls } = drawer(
        { friendsUp: true, chats },
        {
          storeChannel: () => ({ status: 201, body: envelope(directChat) }),
          forwardMessage: (req) => forwarded(req.body?.channel_ids ?? []),
        },
      );
      await user.click(screen.getByRole('tab', { name: 'Contacts' }));
      await user.click(await screen.findByRole('checkbox', { name: /Omar Haddad/ }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Forward' })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: 'Forward' }));
      await waitFor(() => expect(calls.some((c) => c.path.endsWith('/forward'))).toBe(true));
      return calls.filter((c) => c.method === 'POST');
    };

    const fresh = await send([otherChatOfTwo]);
    expect(fresh.map((c) => c.path)).toEqual([
      '/api/v1/users/channels/store',
      '/api/v1/messages/msg_0000000000000001/forward',
    ]);
    expect(fresh[0]?.body).toMatchObject({ name: 'Omar Haddad', users: [friend.id], is_direct: true });
    expect(fresh[1]?.body).toEqual({ channel_ids: [directChat.id] });
    cleanup();

    const reused = await send([otherChatOfTwo, directChat]);
    expect(reused.map((c) => c.path)).toEqual(['/api/v1/messages/msg_0000000000000001/forward']);
    expect(reused[0]?.body).toEqual({ channel_ids: [directChat.id] });
  });

  it('Chats: a failed chats load shows the error with Retry, not "No other chats."', async () => {
    const { user, up } = drawer({ friendsUp: true, chatsUp: false });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load your chats: The service is unavailable.',
    );
    expect(screen.queryByText('No other chats.')).not.toBeInTheDocument();
    up.chats = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('checkbox', { name: /Hiking club/ })).toBeInTheDocument();
  });
});
