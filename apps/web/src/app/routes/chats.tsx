import type { Friend } from '@cohort/api';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button.tsx';
import { Icon } from '../../components/ui/Icon.tsx';
import { LoadState } from '../../components/ui/LoadState.tsx';
import * as l from '../../components/ui/layout.css.ts';
import { MemberPicker } from '../../components/ui/MemberPicker.tsx';
import * as s from '../../components/ui/rows.css.ts';
import { groupProfilePath } from '../../config/paths.ts';
import { useFriends } from '../../features/directory/api/friends.ts';
import { usePeopleSearch } from '../../features/directory/api/search.ts';
import { useChannelActions, useMyChannels } from '../../features/groups/api/channels.ts';
import { ChatRow } from '../../features/groups/components/ChatRow.tsx';
import { GroupDetailsSheet } from '../../features/groups/components/GroupDetailsSheet.tsx';
import { NewMessageDrawer } from '../../features/groups/components/NewMessageDrawer.tsx';
import {
  type GroupForm,
  type GroupFormErrors,
  MAX_MEMBERS,
  serverErrors,
  toChannelInput,
} from '../../features/groups/group-form.ts';
import { useOpenChat } from '../../features/groups/hooks/use-open-chat.ts';
import { StoriesBar } from '../../features/stories/components/StoriesBar.tsx';
import { sessionAtom } from '../../lib/auth.ts';
import { matches } from '../../lib/format.ts';
import { useResource } from '../../lib/resources.ts';

type Step =
  | { kind: 'list' }
  | { kind: 'drawer' }
  | { kind: 'members'; chosen: string[] }
  | { kind: 'details'; chosen: string[] }
  /** New Message: pick people, then their chat opens (no group form). */
  | { kind: 'message' };

/** /chats: the user's groups with last message, time and unread count; compose opens New Message. */
export default function ChatsScreen() {
  const navigate = useNavigate();
  const channels = useMyChannels();
  const friends = useFriends();
  const me = useAtomValue(sessionAtom)?.id;
  const loadFriends = friends.load;
  const { create: createGroup } = useChannelActions();
  const [query, setQuery] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'list' });
  const tags = useResource('Tag', step.kind === 'details');
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<GroupFormErrors>({});
  const { opening, openChat } = useOpenChat();
  const [openingFriend, setOpeningFriend] = useState<string | null>(null);
  const [creatingStory, setCreatingStory] = useState(false);

  const openDrawer = () => {
    setStep({ kind: 'drawer' });
    if (friends.status !== 'ready') void loadFriends();
  };
  const openMembers = (chosen: string[]) => {
    setStep({ kind: 'members', chosen });
    if (friends.status !== 'ready') void loadFriends();
  };
  const chatWithFriend = async (friend: Friend) => {
    setOpeningFriend(friend.id);
    await openChat([friend]);
    setOpeningFriend(null);
  };
  const openDetails = (chosen: string[]) => {
    setSendError(null);
    setFieldErrors({});
    setStep({ kind: 'details', chosen });
  };

  const send = async (form: GroupForm, chosen: string[]) => {
    setSending(true);
    setSendError(null);
    const result = await createGroup(toChannelInput(form, chosen));
    setSending(false);
    if (result.ok) {
      navigate(groupProfilePath(result.value.id));
      return;
    }
    setSendError(`Could not create the group: ${result.error.message}`);
    setFieldErrors(serverErrors(result.error.fieldErrors));
  };

  return (
    <div className={l.screen}>
      <header className={l.topBar}>
        <span style={{ width: 44 }} />
        <h1 className={l.topTitle}>Chats</h1>
        <Button variant="ghost" aria-label="New message" onClick={openDrawer}>
          <Icon name="compose" />
        </Button>
      </header>
      <StoriesBar
        me={me ?? null}
        creating={creatingStory}
        onCreate={() => setCreatingStory(true)}
        onCreated={() => setCreatingStory(false)}
      />
      <input
        type="search"
        className={s.search}
        placeholder="Search"
        aria-label="Search chats"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <LoadState
        inset
        state={channels}
        what="your chats"
        empty="No chats yet. Start one with the compose button."
        onRetry={channels.reload}
      >
        {(list) => {
          const shown = list.filter((c) => matches(`${c.name} ${c.last_message?.message ?? ''}`, query));
          if (shown.length === 0) return <p className={`${l.muted} ${l.section}`}>No chats match “{query}”.</p>;
          return (
            <ul className={s.list} aria-label="Chats">
              {shown.map((c) => (
                <ChatRow key={c.id} channel={c} me={me} />
              ))}
            </ul>
          );
        }}
      </LoadState>

      {step.kind === 'drawer' && (
        <NewMessageDrawer
          friends={friends}
          onRetryFriends={loadFriends}
          onNewGroup={() => openMembers([])}
          onNewMessage={() => setStep({ kind: 'message' })}
          onNewStory={() => {
            setStep({ kind: 'list' });
            setCreatingStory(true);
          }}
          onFriend={(friend) => void chatWithFriend(friend)}
          opening={openingFriend}
          onClose={() => setStep({ kind: 'list' })}
        />
      )}
      {step.kind === 'message' && (
        <MemberPicker
          max={MAX_MEMBERS}
          useSearch={usePeopleSearch}
          title="New Message"
          friends={friends}
          onRetryFriends={loadFriends}
          initial={[]}
          onBack={() => setStep({ kind: 'drawer' })}
          onNext={(_ids, people) => void openChat(people)}
          nextLabel="Chat"
          busy={opening}
          exclude={me ? [me] : []}
        />
      )}
      {step.kind === 'members' && (
        <MemberPicker
          max={MAX_MEMBERS}
          useSearch={usePeopleSearch}
          friends={friends}
          onRetryFriends={loadFriends}
          initial={step.chosen}
          onBack={() => setStep({ kind: 'drawer' })}
          onNext={openDetails}
          exclude={me ? [me] : []}
        />
      )}
      {step.kind === 'details' && (
        <GroupDetailsSheet
          channels={channels.data ?? []}
          tags={tags}
          onCancel={() => setStep({ kind: 'members', chosen: step.chosen })}
          onSend={(form) => void send(form, step.chosen)}
          sending={sending}
          error={sendError}
          serverErrors={fieldErrors}
        />
      )}
    </div>
  );
}
