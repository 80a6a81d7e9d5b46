import type { Channel, ChannelInput, Friend, Message } from '@cohort/api';
import { type ReactNode, useState } from 'react';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button } from '@/components/ui/Button.tsx';
import { LoadState } from '@/components/ui/LoadState.tsx';
import { PeopleChecklist, toPerson } from '@/components/ui/PeopleChecklist.tsx';
import * as cs from '@/components/ui/rows.css.ts';
import { Sheet } from '@/components/ui/Sheet.tsx';
import { Tabs, tabItems } from '@/components/ui/Tabs.tsx';
import { findChat, newChatInput } from '@/lib/chat-match.ts';
import { memberCount } from '@/lib/format.ts';
import type { ActionResult, Loadable } from '@/lib/result.ts';
import { useMessageActions } from '../api/messages.ts';

const TABS = tabItems({ chats: 'Chats', contacts: 'Contacts', calendar: 'Calendar' });
type TabKey = (typeof TABS)[number]['key'];

/**
 * Forward: to other chats, to contacts (their two-person chat, made when there is none), or into
 * the calendar as an event. Reports what happened through `onDone`. A failed chats or friends load
 * shows its error with Retry, never an empty list.
 */
export function ForwardDrawer({
  message,
  me,
  channels,
  currentChannelId,
  friends,
  onRetryChannels,
  onRetryFriends,
  onDone,
  onClose,
  createGroup,
  calendar,
}: {
  /** Makes the two-person chat with a contact (the groups feature's create). */
  createGroup: (input: ChannelInput) => Promise<ActionResult<Channel>>;
  /** The Calendar tab's form (the calendar feature's), told what to report when saved. */
  calendar: (onSaved: (title: string) => void) => ReactNode;
  message: Message;
  me: string;
  channels: Loadable<Channel[]>;
  currentChannelId: string;
  friends: Loadable<Friend[]>;
  onRetryChannels: () => void;
  onRetryFriends: () => void;
  onDone: (text: string) => void;
  onClose: () => void;
}) {
  const { forward } = useMessageActions();
  const [tab, setTab] = useState<TabKey>('chats');
  const [chosenChats, setChosenChats] = useState<Set<string>>(new Set());
  const [chosenPeople, setChosenPeople] = useState<Set<string>>(new Set());
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const toggle = (set: React.Dispatch<React.SetStateAction<Set<string>>>) => (id: string) =>
    set((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const forwardTo = async (channelIds: string[], what: string) => {
    const result = await forward(message.id, channelIds);
    if (!result.ok) {
      setError(`Could not forward: ${result.error.message}`);
      return;
    }
    onDone(`Forwarded to ${what}.`);
  };

  const sendToChats = async () => {
    setBusy(true);
    setError(null);
    await forwardTo([...chosenChats], chosenChats.size === 1 ? '1 chat' : `${chosenChats.size} chats`);
    setBusy(false);
  };

  const sendToContacts = async () => {
    setBusy(true);
    setError(null);
    const ids: string[] = [];
    for (const friendId of chosenPeople) {
      const existing = findChat(channels.data ?? [], me, [friendId]);
      if (existing) {
        ids.push(existing.id);
        continue;
      }
      const friend = friends.data?.find((f) => f.id === friendId);
      // The server names a one-to-one chat after the other person for each viewer.
      const made = await createGroup(newChatInput([friend ?? { id: friendId, first_name: '', last_name: '' }]));
      if (!made.ok) {
        setError(`Could not start a chat: ${made.error.message}`);
        setBusy(false);
        return;
      }
      ids.push(made.value.id);
    }
    await forwardTo(ids, chosenPeople.size === 1 ? '1 contact' : `${chosenPeople.size} contacts`);
    setBusy(false);
  };

  const others: Loadable<Channel[]> = {
    ...channels,
    data: channels.data?.filter((c) => c.id !== currentChannelId),
  };
  return (
    <Sheet title="Forward" variant="full" onClose={onClose} closeLabel="Cancel">
      <Tabs label="Forward to" tabs={TABS} value={tab} onChange={setTab}>
        {error && <Alert>{error}</Alert>}
        {tab !== 'calendar' && (
          <input
            type="search"
            className={cs.search}
            style={{ margin: '8px 0' }}
            placeholder="Search"
            aria-label={tab === 'chats' ? 'Search chats' : 'Search contacts'}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        )}
        {tab === 'chats' && (
          <>
            <LoadState state={others} what="your chats" empty="No other chats." onRetry={onRetryChannels}>
              {(list) => (
                <PeopleChecklist
                  label="Chats"
                  people={list.map((c) => ({
                    id: c.id,
                    name: c.name,
                    detail: memberCount(c.member_count ?? c.users.length),
                  }))}
                  chosen={chosenChats}
                  onToggle={toggle(setChosenChats)}
                  query={query}
                />
              )}
            </LoadState>
            <Button block onClick={() => void sendToChats()} disabled={chosenChats.size === 0} loading={busy}>
              Forward
            </Button>
          </>
        )}
        {tab === 'contacts' && (
          <>
            <LoadState state={friends} what="your contacts" empty="No contacts yet." onRetry={onRetryFriends}>
              {(list) => (
                <PeopleChecklist
                  label="Contacts"
                  people={list.map(toPerson)}
                  chosen={chosenPeople}
                  onToggle={toggle(setChosenPeople)}
                  query={query}
                />
              )}
            </LoadState>
            {/* A contact's existing chat is found in the chat list; without it a duplicate chat would be made. */}
            {channels.status === 'error' && (
              <Alert onRetry={onRetryChannels}>
                Could not load your chats, so existing conversations cannot be found: {channels.error?.message}
              </Alert>
            )}
            <Button
              block
              onClick={() => void sendToContacts()}
              disabled={chosenPeople.size === 0 || !channels.data}
              loading={busy}
            >
              Forward
            </Button>
          </>
        )}
        {tab === 'calendar' && calendar((title) => onDone(`“${title}” is in your calendar.`))}
      </Tabs>
    </Sheet>
  );
}
