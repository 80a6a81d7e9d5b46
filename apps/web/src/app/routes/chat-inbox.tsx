import { useAtomValue, useSetAtom } from 'jotai';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { VirtuosoHandle } from 'react-virtuoso';
import { isNotFound } from '../../components/ui/NotFound.tsx';
import { showToastAtom } from '../../components/ui/toast-state.ts';
import { useCopy } from '../../components/ui/use-copy.ts';
import { paths } from '../../config/paths.ts';
import { EventFormPanel } from '../../features/calendar/components/EventFormPanel.tsx';
import { ChatCallButtons } from '../../features/calls/components/ChatCallButtons.tsx';
import { selectionText } from '../../features/chat/chat-items.ts';
import { ChatBanners } from '../../features/chat/components/ChatBanners.tsx';
import { ChatClosed } from '../../features/chat/components/ChatClosed.tsx';
import { ChatHeader } from '../../features/chat/components/ChatHeader.tsx';
import { Composer } from '../../features/chat/components/Composer.tsx';
import { ForwardDrawer } from '../../features/chat/components/ForwardDrawer.tsx';
import * as s from '../../features/chat/components/inbox.css.ts';
import { MessageList } from '../../features/chat/components/MessageList.tsx';
import { MessageSheets } from '../../features/chat/components/MessageSheets.tsx';
import { SelectionBar } from '../../features/chat/components/SelectionBar.tsx';
import { useChannelChat } from '../../features/chat/hooks/use-channel-chat.ts';
import { useChatComposer } from '../../features/chat/hooks/use-chat-composer.ts';
import { useChatMeta } from '../../features/chat/hooks/use-chat-meta.ts';
import { useMessageActions } from '../../features/chat/hooks/use-message-actions.ts';
import { useScrollToMessage } from '../../features/chat/hooks/use-scroll-to-message.ts';
import { useSelection } from '../../features/chat/hooks/use-selection.ts';
import { useFriends } from '../../features/directory/api/friends.ts';
import { useChannel, useChannelActions, useMyChannels } from '../../features/groups/api/channels.ts';
import { sessionAtom } from '../../lib/auth.ts';
import { groupName } from '../../lib/format.ts';
import { useBack } from '../../lib/use-back.ts';
/** /chatInbox?id=chan_…: one group's conversation, live. */
export default function ChatInboxScreen() {
  const [params] = useSearchParams();
  const channelId = params.get('id') ?? '';
  const me = useAtomValue(sessionAtom)?.id ?? null;
  const channels = useMyChannels();
  const friends = useFriends();
  const actions = useChannelActions();
  const back = useBack(paths.chats);
  const group = useChannel(channelId);
  const toast = useSetAtom(showToastAtom);
  const chat = useChannelChat(channelId, me);
  const listRef = useRef<VirtuosoHandle>(null);
  const composer = useChatComposer(channelId, chat, listRef);
  const { selecting, selected, start: startSelect, toggle: toggleSelect, end: endSelect } = useSelection();
  const copy = useCopy();
  const detail = group.data;
  const meta = useChatMeta(channelId, channels.data, detail, chat, me);
  const { channel, pinned, nameOf } = meta;
  const menu = useMessageActions({
    channelId,
    chat,
    pinned,
    pins: actions,
    onReply: composer.setReplyTo,
    onForward: () => friends.status !== 'ready' && void friends.load(),
    onSelect: startSelect,
  });
  const { forwarding, setForwarding } = menu;
  const { highlight, openPinned } = useScrollToMessage(listRef, chat, params.get('msg'));
  // A one-to-one chat calls the other person; a group chat has no call buttons.
  const callee = channel?.is_direct ? (channel.users.find((id) => id !== me) ?? null) : null;

  if (!channelId || (group.status === 'error' && isNotFound(group.error))) return <ChatClosed reason="missing" />;
  // Left (or never in) the group: its messages are for members, so no history, Retry or message box.
  if (chat.error?.status === 403 || detail?.is_member === false) return <ChatClosed reason="not-member" />;

  return (
    <div className={s.screen}>
      <ChatHeader
        channelId={channelId}
        name={channel ? groupName(channel.name) : 'Chat'}
        memberCount={meta.memberCount}
        online={meta.online}
        onBack={back}
        actions={callee && channel && <ChatCallButtons userId={callee} name={channel.name} />}
      />

      <ChatBanners
        chat={chat}
        groupError={group.status === 'error' ? group.error : null}
        onRetryGroup={group.reload}
        pinned={pinned}
        onOpenPinned={(m) => openPinned(m.id)}
      />
      {chat.status === 'ready' ? (
        <MessageList
          listRef={listRef}
          chat={chat}
          me={me}
          nameOf={nameOf}
          photoOf={meta.photoOf}
          selecting={selecting}
          selected={selected}
          highlight={highlight}
          onToggleSelect={toggleSelect}
          onMenu={menu.setMenuFor}
        />
      ) : (
        // Holds the composer at the bottom while the history loads or failed.
        <div className={s.list} />
      )}

      {selecting ? (
        <SelectionBar
          count={selected.size}
          onCopy={() =>
            void copy(selectionText(chat.items, selected, nameOf), `${selected.size} messages copied.`).then(endSelect)
          }
          onDone={endSelect}
        />
      ) : (
        <Composer
          text={composer.text}
          setText={composer.setText}
          replyTo={composer.replyTo && { name: nameOf(composer.replyTo.sender_id), text: composer.replyTo.message }}
          onCancelReply={() => composer.setReplyTo(null)}
          canSend={composer.canSend && !!me}
          waiting={!composer.canSend}
          onSend={composer.send}
          attachments={composer.attachments}
        />
      )}

      <MessageSheets actions={menu} chat={chat} me={me} pinnedId={pinned?.id} groupCreator={channel?.created_by} />
      {forwarding && me && (
        <ForwardDrawer
          message={forwarding}
          me={me}
          channels={channels}
          currentChannelId={channelId}
          friends={friends}
          onRetryChannels={channels.reload}
          onRetryFriends={() => void friends.load()}
          createGroup={actions.create}
          calendar={(onSaved) => (
            <EventFormPanel
              message={forwarding}
              friends={friends}
              onRetryFriends={() => void friends.load()}
              onSaved={onSaved}
            />
          )}
          onClose={() => setForwarding(null)}
          onDone={(done) => {
            setForwarding(null);
            toast({ tone: 'success', text: done });
          }}
        />
      )}
    </div>
  );
}
