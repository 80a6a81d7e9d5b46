import type { Friend } from '@cohort/api';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Icon } from '../../components/ui/Icon.tsx';
import * as l from '../../components/ui/layout.css.ts';
import { MemberPicker } from '../../components/ui/MemberPicker.tsx';
import { ScreenHeader } from '../../components/ui/ScreenHeader.tsx';
import { useFriends } from '../../features/directory/api/friends.ts';
import { usePeopleSearch } from '../../features/directory/api/search.ts';
import { useMyChannels } from '../../features/groups/api/channels.ts';
import { ChatList } from '../../features/groups/components/ChatList.tsx';
import { GroupDetailsSheet } from '../../features/groups/components/GroupDetailsSheet.tsx';
import { NewMessageDrawer } from '../../features/groups/components/NewMessageDrawer.tsx';
import { MAX_MEMBERS } from '../../features/groups/group-form.ts';
import { useCreateGroup } from '../../features/groups/hooks/use-create-group.ts';
import { useOpenChat } from '../../features/groups/hooks/use-open-chat.ts';
import { STORY_DRAFT } from '../../features/stories/components/NewStorySheet.tsx';
import { StoriesBar } from '../../features/stories/components/StoriesBar.tsx';
import { sessionAtom } from '../../lib/auth.ts';
import { useHasDraft } from '../../lib/drafts.ts';
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
  const channels = useMyChannels();
  const friends = useFriends();
  const me = useAtomValue(sessionAtom)?.id;
  const loadFriends = friends.load;
  const created = useCreateGroup();
  const [step, setStep] = useState<Step>({ kind: 'list' });
  const tags = useResource('Tag', step.kind === 'details');
  const { opening, openChat } = useOpenChat();
  const [openingFriend, setOpeningFriend] = useState<string | null>(null);
  // A text card the person was writing when the session ended is reopened.
  const storyDraft = useHasDraft(STORY_DRAFT);
  const [creatingStory, setCreatingStory] = useState(storyDraft);

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
    created.reset();
    setStep({ kind: 'details', chosen });
  };

  return (
    <div className={l.screen}>
      <ScreenHeader
        title="Chats"
        actions={
          <Button variant="ghost" aria-label="New message" onClick={openDrawer}>
            <Icon name="compose" />
          </Button>
        }
      />
      <StoriesBar
        me={me ?? null}
        creating={creatingStory}
        onCreate={() => setCreatingStory(true)}
        onCreated={() => setCreatingStory(false)}
      />
      <ChatList channels={channels} me={me} />

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
          onSend={(form) => void created.send(form, step.chosen)}
          sending={created.sending}
          error={created.error}
          serverErrors={created.fieldErrors}
        />
      )}
    </div>
  );
}
