import type { Channel, Message } from '@cohort/api';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { VirtuosoHandle } from 'react-virtuoso';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Icon } from '../../components/ui/Icon.tsx';
import * as l from '../../components/ui/layout.css.ts';
import { isNotFound, NotFound } from '../../components/ui/NotFound.tsx';
import { showToastAtom } from '../../components/ui/toast-state.ts';
import { useCopy } from '../../components/ui/use-copy.ts';
import { chatInboxPath, paths } from '../../config/paths.ts';
import { EventFormPanel } from '../../features/calendar/components/EventFormPanel.tsx';
import { ChatCallButtons } from '../../features/calls/components/ChatCallButtons.tsx';
import type { ChatItem } from '../../features/chat/chat-items.ts';
import { ChatHeader } from '../../features/chat/components/ChatHeader.tsx';
import { Composer } from '../../features/chat/components/Composer.tsx';
import { DeleteMessageSheet, EditMessageSheet } from '../../features/chat/components/EditMessageSheet.tsx';
import { ForwardDrawer } from '../../features/chat/components/ForwardDrawer.tsx';
import * as s from '../../features/chat/components/Inbox.css.ts';
import { MessageList } from '../../features/chat/components/MessageList.tsx';
import { type MessageAction, MessageMenu } from '../../features/chat/components/MessageMenu.tsx';
import { ReportSheet } from '../../features/chat/components/ReportSheet.tsx';
import { SelectionBar } from '../../features/chat/components/SelectionBar.tsx';
import { useAttachments } from '../../features/chat/hooks/use-attachments.ts';
import { useChannelChat } from '../../features/chat/hooks/use-channel-chat.ts';
import { useSelection } from '../../features/chat/hooks/use-selection.ts';
import { useFriends } from '../../features/directory/api/friends.ts';
import { useChannel, useChannelActions, useMyChannels } from '../../features/groups/api/channels.ts';
import { sessionAtom } from '../../lib/auth.ts';
import { useDraftText } from '../../lib/drafts.ts';
import { groupName, personName } from '../../lib/format.ts';
import { useBack } from '../../lib/use-back.ts';

/** /chatInbox?id=chan_…: one group's conversation, live. */
export default function ChatInboxScreen() {
  const [params] = useSearchParams();
  const channelId = params.get('id') ?? '';
  const linkedMessage = params.get('msg');
  const me = useAtomValue(sessionAtom)?.id ?? null;
  const channels = useMyChannels();
  const friends = useFriends();
  const loadFriends = friends.load;
  const actions = useChannelActions();
  const back = useBack(paths.chats);
  const group = useChannel(channelId);
  const toast = useSetAtom(showToastAtom);
  const chat = useChannelChat(channelId, me);
  const attachments = useAttachments(channelId);
  const listRef = useRef<VirtuosoHandle>(null);
  // The composer's text is a draft per chat: it survives an expired session and a trip to sign-in.
  const [text, setText] = useDraftText(`chat:${channelId}`);
  const [replyTo, setReplyTo] = useState<ChatItem | null>(null);
  const [menuFor, setMenuFor] = useState<ChatItem | null>(null);
  const [forwarding, setForwarding] = useState<Message | null>(null);
  const [reporting, setReporting] = useState<Message | null>(null);
  const [editing, setEditing] = useState<{ message: Message; kind: 'edit' | 'delete' } | null>(null);
  const { selecting, selected, start: startSelect, toggle: toggleSelect, end: endSelect } = useSelection();
  const copy = useCopy();
  const [highlight, setHighlight] = useState<string | null>(linkedMessage);

  const detail = group.data;
  const listed = channels.data?.find((c) => c.id === channelId);
  const channel: Channel | undefined = listed ?? detail;
  // Unknown (the profile failed and the group is not in the loaded list) shows no count rather than a wrong 0.
  const memberCount = detail?.member_count ?? listed?.users.length;
  const pinned = chat.pinned !== undefined ? chat.pinned : (channel?.pinned_message ?? null);
  const names = useMemo(() => new Map((detail?.members ?? []).map((m) => [m.id, personName(m)])), [detail]);
  const nameOf = useCallback((id: string) => (id === me ? 'You' : (names.get(id) ?? 'Member')), [me, names]);
  const online = chat.online ?? detail?.online_count;
  // A one-to-one chat calls the other person; a group chat has no call buttons.
  const callee = channel?.is_direct ? (channel.users.find((id) => id !== me) ?? null) : null;

  const scrollTo = useCallback(
    (messageId: string) => {
      const index = chat.items.findIndex((m) => m.id === messageId);
      if (index === -1) return false;
      listRef.current?.scrollToIndex({ index: chat.firstItemIndex + index, align: 'center', behavior: 'smooth' });
      setHighlight(messageId);
      return true;
    },
    [chat.items, chat.firstItemIndex],
  );

  // A copied link (…&msg=msg_…) opens the chat at that message when it is among the loaded ones.
  const linkedDone = useRef(false);
  useEffect(() => {
    if (!linkedMessage || linkedDone.current || chat.status !== 'ready') return;
    linkedDone.current = true;
    if (!scrollTo(linkedMessage)) toast({ tone: 'info', text: 'That message is further back in the history.' });
  }, [linkedMessage, chat.status, scrollTo, toast]);

  // Until the history is in, a message would have nowhere to show: it stays in the box.
  const canSend = chat.status === 'ready';
  const send = () => {
    const body = text.trim();
    if ((!body && attachments.ready.length === 0) || attachments.busy || !canSend) return;
    chat.send(body, replyTo?.id ?? null, attachments.ready);
    setText('');
    attachments.clear();
    setReplyTo(null);
    // Own messages always scroll into view, wherever the user was reading.
    requestAnimationFrame(() => listRef.current?.scrollToIndex({ index: 'LAST', behavior: 'auto' }));
  };

  const togglePin = async (item: ChatItem) => {
    if (pinned?.id === item.id) {
      const r = await actions.unpin(channelId, item);
      if (!r.ok) return toast({ tone: 'error', text: `Could not unpin: ${r.error.message}` });
      chat.setPinned(null);
      return toast({ tone: 'success', text: 'Unpinned.' });
    }
    const r = await actions.pin(channelId, item);
    if (!r.ok) return toast({ tone: 'error', text: `Could not pin: ${r.error.message}` });
    chat.setPinned(r.value);
    toast({ tone: 'success', text: 'Pinned.' });
  };

  const onAction = (action: MessageAction) => {
    const item = menuFor;
    setMenuFor(null);
    if (!item) return;
    if (action === 'edit' || action === 'delete') setEditing({ message: item, kind: action });
    if (action === 'reply') setReplyTo(item);
    if (action === 'copy') void copy(item.message, 'Message copied.');
    if (action === 'pin') void togglePin(item);
    if (action === 'link') {
      void copy(
        `${window.location.origin}${chatInboxPath(channelId)}&msg=${encodeURIComponent(item.id)}`,
        'Link copied.',
      );
    }
    if (action === 'forward') {
      setForwarding(item);
      if (friends.status !== 'ready') void loadFriends();
    }
    if (action === 'report') setReporting(item);
    if (action === 'select') startSelect(item.id);
  };

  const EditingSheet = editing?.kind === 'delete' ? DeleteMessageSheet : EditMessageSheet;

  if (!channelId || (group.status === 'error' && isNotFound(group.error))) {
    return (
      <NotFound
        title="Chat not found"
        text="There is no chat at this link. It may have been removed, or the link is incomplete."
        back={paths.chats}
        backLabel="Back to Chats"
      />
    );
  }
  // Left (or never in) the group: its messages are for members, so no history, Retry or message box.
  if (chat.error?.status === 403 || detail?.is_member === false) {
    return (
      <NotFound
        title="Not in this group"
        text="You are not a member of this group, so its chat is closed to you. You can find it again under Chats if you rejoin."
        back={paths.chats}
        backLabel="Back to Chats"
      />
    );
  }

  return (
    <div className={s.screen}>
      <ChatHeader
        channelId={channelId}
        name={channel ? groupName(channel.name) : 'Chat'}
        memberCount={memberCount}
        online={online}
        onBack={back}
        actions={callee && channel && <ChatCallButtons userId={callee} name={channel.name} />}
      />

      {group.status === 'error' && (
        <div className={l.section}>
          <Alert
            action={
              <Button small variant="secondary" onClick={group.reload}>
                Retry
              </Button>
            }
          >
            Could not load the group's members: {group.error?.message}
          </Alert>
        </div>
      )}
      {chat.refreshError && (
        <div className={l.section}>
          <Alert
            action={
              <Button small variant="secondary" loading={chat.refreshing} onClick={chat.refresh}>
                Retry
              </Button>
            }
          >
            Couldn't refresh messages: {chat.refreshError.message}
          </Alert>
        </div>
      )}

      {pinned && (
        <button
          type="button"
          className={s.pinned}
          onClick={() => {
            if (!scrollTo(pinned.id))
              toast({ tone: 'info', text: 'The pinned message is further back in the history.' });
          }}
        >
          <Icon name="pin" width={16} height={16} />
          <span className={s.pinnedText}>
            <strong>Pinned</strong> <span dir="auto">{pinned.message || 'Attachment'}</span>
          </span>
        </button>
      )}

      {chat.status === 'error' && (
        <div className={l.section}>
          <Alert
            action={
              <Button small variant="secondary" onClick={chat.reload}>
                Retry
              </Button>
            }
          >
            Could not load the messages: {chat.error?.message}
          </Alert>
        </div>
      )}
      {chat.status === 'loading' && <p className={`${l.muted} ${l.section}`}>Loading messages…</p>}
      {chat.status === 'ready' ? (
        <MessageList
          listRef={listRef}
          chat={chat}
          me={me}
          nameOf={nameOf}
          selecting={selecting}
          selected={selected}
          highlight={highlight}
          onToggleSelect={toggleSelect}
          onMenu={setMenuFor}
        />
      ) : (
        // Holds the composer at the bottom while the history loads or failed.
        <div className={s.list} />
      )}

      {selecting ? (
        <SelectionBar
          count={selected.size}
          onCopy={() =>
            void copy(
              chat.items
                .filter((m) => selected.has(m.id))
                .map((m) => `${nameOf(m.sender_id)}: ${m.message}`)
                .join('\n'),
              `${selected.size} messages copied.`,
            ).then(endSelect)
          }
          onDone={endSelect}
        />
      ) : (
        <Composer
          text={text}
          setText={setText}
          replyTo={replyTo ? { name: nameOf(replyTo.sender_id), text: replyTo.message } : null}
          onCancelReply={() => setReplyTo(null)}
          canSend={canSend && !!me}
          waiting={!canSend}
          onSend={send}
          attachments={attachments}
        />
      )}

      {menuFor && (
        <MessageMenu
          item={menuFor}
          pinned={pinned?.id === menuFor.id}
          canEdit={menuFor.sender_id === me}
          canDelete={menuFor.sender_id === me || (!!me && channel?.created_by === me)}
          onAction={onAction}
          onClose={() => setMenuFor(null)}
        />
      )}
      {forwarding && me && (
        <ForwardDrawer
          message={forwarding}
          me={me}
          channels={channels}
          currentChannelId={channelId}
          friends={friends}
          onRetryChannels={channels.reload}
          onRetryFriends={() => void loadFriends()}
          createGroup={actions.create}
          calendar={(onSaved) => (
            <EventFormPanel
              message={forwarding}
              friends={friends}
              onRetryFriends={() => void loadFriends()}
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
      {editing && (
        <EditingSheet
          message={editing.message}
          onClose={() => setEditing(null)}
          onDone={(m: Message) => {
            setEditing(null);
            chat.applyUpdate(m);
            toast({ tone: 'success', text: m.deleted_at ? 'Message deleted.' : 'Message edited.' });
          }}
        />
      )}
      {reporting && (
        <ReportSheet
          message={reporting}
          onClose={() => setReporting(null)}
          onDone={() => {
            setReporting(null);
            toast({ tone: 'success', text: 'Thanks, the moderators will look at it.' });
          }}
        />
      )}
    </div>
  );
}
