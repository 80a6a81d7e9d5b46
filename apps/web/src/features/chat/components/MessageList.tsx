import type { RefObject } from 'react';
import { useCallback, useMemo, useState } from 'react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { ImageViewer, type ViewerImage } from '@/components/ui/ImageViewer.tsx';
import { RenderGuard } from '@/components/ui/RenderGuard.tsx';
import { dayKey, dayLabel } from '@/lib/dates.ts';
import type { ChatItem } from '../chat-items.ts';
import type { ChannelChat } from '../hooks/use-channel-chat.ts';
import { list } from './inbox.css.ts';
import { ListHeader } from './ListHeader.tsx';
import { MessageBubble } from './MessageBubble.tsx';
import * as s from './message-list.css.ts';

/** The loaded history, virtualised: older pages load at the top, own messages keep the view at the bottom. */
export function MessageList({
  listRef,
  chat,
  me,
  nameOf,
  photoOf,
  selecting,
  selected,
  highlight,
  onToggleSelect: toggleSelect,
  onMenu: setMenuFor,
}: {
  listRef: RefObject<VirtuosoHandle | null>;
  chat: ChannelChat;
  me: string | null;
  nameOf: (id: string) => string;
  /** A member's photo (null: none, or not known). */
  photoOf: (id: string) => string | null;
  selecting: boolean;
  selected: ReadonlySet<string>;
  highlight: string | null;
  onToggleSelect: (id: string) => void;
  onMenu: (item: ChatItem) => void;
}) {
  const byId = useMemo(() => new Map(chat.items.map((m) => [m.id, m])), [chat.items]);
  // Every loaded image of the chat, oldest first: the viewer moves between them.
  const images = useMemo(
    () =>
      chat.items.flatMap((m): ViewerImage[] =>
        m.deleted_at
          ? []
          : m.files
              .filter((f) => f.file_type === 1)
              .map((f) => ({
                url: f.url,
                alt: f.name ? `${f.name}, sent by ${nameOf(m.sender_id)}` : `Sent by ${nameOf(m.sender_id)}`,
              })),
      ),
    [chat.items, nameOf],
  );
  const [viewing, setViewing] = useState<string | null>(null);
  const openImage = useCallback((url: string) => setViewing(url), []);
  const start = viewing === null ? -1 : images.findIndex((i) => i.url === viewing);
  return (
    <>
      <Virtuoso
        ref={listRef}
        className={list}
        data={chat.items}
        firstItemIndex={chat.firstItemIndex}
        initialTopMostItemIndex={Math.max(0, chat.items.length - 1)}
        startReached={chat.loadOlder}
        followOutput={(atBottom) => (atBottom ? 'smooth' : false)}
        computeItemKey={(_, item) => item.key}
        increaseViewportBy={{ top: 600, bottom: 300 }}
        role="log"
        aria-label="Messages"
        context={{
          loadingOlder: chat.loadingOlder,
          hasMore: chat.hasMore,
          empty: chat.items.length === 0,
          olderError: chat.olderError,
          onRetryOlder: chat.loadOlder,
        }}
        components={{ Header: ListHeader }}
        itemContent={(index, item) => {
          const previous = chat.items[index - chat.firstItemIndex - 1];
          const newDay = dayKey(item.time) !== '' && dayKey(item.time) !== dayKey(previous?.time);
          // Others' photos sit beside the last bubble of each run of their messages.
          const next = chat.items[index - chat.firstItemIndex + 1];
          const lastOfRun = !next || next.sender_id !== item.sender_id || dayKey(next.time) !== dayKey(item.time);
          const quotedItem = item.reply_message_id ? byId.get(item.reply_message_id) : undefined;
          return (
            <RenderGuard fallback={<p className={s.unshowable}>This message can't be shown.</p>}>
              {newDay && (
                <p className={s.daySeparator}>
                  <time dateTime={item.time}>{dayLabel(item.time)}</time>
                </p>
              )}
              <MessageBubble
                item={item}
                own={item.sender_id === me}
                senderName={nameOf(item.sender_id)}
                senderPhoto={photoOf(item.sender_id)}
                showPhoto={lastOfRun}
                quoted={
                  quotedItem
                    ? {
                        name: nameOf(quotedItem.sender_id),
                        text: quotedItem.deleted_at ? 'Message deleted' : quotedItem.message,
                      }
                    : undefined
                }
                selecting={selecting}
                selected={selected.has(item.id)}
                highlighted={highlight === item.id}
                onToggleSelect={toggleSelect}
                onMenu={setMenuFor}
                onRetry={chat.retry}
                onOpenImage={openImage}
              />
            </RenderGuard>
          );
        }}
      />
      {start !== -1 && <ImageViewer images={images} start={start} onClose={() => setViewing(null)} />}
    </>
  );
}
