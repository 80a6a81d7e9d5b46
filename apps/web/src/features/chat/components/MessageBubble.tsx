import { memo, useState } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { Icon } from '@/components/ui/Icon.tsx';
import { clock } from '@/lib/dates.ts';
import { fileNameFromUrl } from '@/lib/file-name.ts';
import { initials } from '@/lib/format.ts';
import { fileSize } from '@/lib/upload.ts';
import type { ChatItem } from '../chat-items.ts';
import { menuButton } from './inbox.css.ts';
import * as s from './message-bubble.css.ts';

type File = ChatItem['files'][number];

/**
 * An image as a thumbnail whose box has the image's aspect ratio from the start (no layout shift);
 * any other file as a row with its name and size. An image opens the chat's viewer; a file opens itself.
 */
function Attachment({
  file,
  senderName,
  onOpenImage,
}: {
  file: File;
  senderName: string;
  onOpenImage: (url: string) => void;
}) {
  const [broken, setBroken] = useState(false);
  const image = file.file_type === 1;
  if (image && !broken) {
    const ratio = file.width && file.height ? `${file.width} / ${file.height}` : undefined;
    return (
      <button type="button" className={s.thumbButton} onClick={() => onOpenImage(file.url)}>
        <img
          className={ratio ? s.thumb : s.image}
          style={ratio ? { aspectRatio: ratio } : undefined}
          src={file.thumbnail_url ?? file.url}
          width={file.width}
          height={file.height}
          alt={file.name ? `${file.name}, sent by ${senderName}` : `Sent by ${senderName}`}
          loading="lazy"
          onError={() => setBroken(true)}
        />
      </button>
    );
  }
  const name = file.name || (image ? 'Image' : fileNameFromUrl(file.url));
  return (
    <a className={s.fileLink} href={file.url} target="_blank" rel="noreferrer">
      <Icon name="file" width={16} height={16} />
      <span className={s.fileName} dir="auto">
        {name}
      </span>
      {file.size ? <span className={s.fileSize}>{fileSize(file.size)}</span> : null}
    </a>
  );
}

/** A sender's photo or initials beside their bubble; `undefined` keeps the column empty (not the run's last bubble). */
function SenderPhoto({ name, photo }: { name: string; photo: string | null | undefined }) {
  const [broken, setBroken] = useState<string | null>(null);
  if (photo === undefined) return <span className={s.senderPhoto} aria-hidden="true" data-empty="" />;
  return (
    <span className={s.senderPhoto} aria-hidden="true">
      {photo && broken !== photo ? (
        <img className={s.senderPhotoImage} src={photo} alt="" loading="lazy" onError={() => setBroken(photo)} />
      ) : (
        initials(name)
      )}
    </span>
  );
}

export interface BubbleProps {
  item: ChatItem;
  own: boolean;
  senderName: string;
  /** The sender's photo (others' messages), shown beside the last bubble of a run; initials without one. */
  senderPhoto?: string | null;
  showPhoto?: boolean;
  /** The quoted message when this one replies (undefined = not loaded). */
  quoted: { name: string; text: string } | null | undefined;
  selecting: boolean;
  selected: boolean;
  highlighted: boolean;
  onToggleSelect: (id: string) => void;
  onMenu: (item: ChatItem) => void;
  onRetry: (clientId: string) => void;
  /** Opens the full-screen viewer at this image (a stable callback: bubbles are memoised). */
  onOpenImage: (url: string) => void;
}

/** One message: own on the right, others on the left; replies quoted, images shown, a menu per message. */
export const MessageBubble = memo(function MessageBubble({
  item,
  own,
  senderName,
  senderPhoto = null,
  showPhoto = false,
  quoted,
  selecting,
  selected,
  highlighted,
  onToggleSelect,
  onMenu,
  onRetry,
  onOpenImage,
}: BubbleProps) {
  const failed = item.status === 'failed';
  const deleted = !!item.deleted_at;
  // A deleted message has nothing left to act on.
  const menu = !selecting && !item.status && !deleted;
  const variant = failed ? 'failed' : own ? 'own' : 'other';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: right-click is a shortcut; the options button is the keyboard path.
    <div
      className={s.row[own ? 'own' : 'other']}
      data-message-id={item.id}
      data-own={own || undefined}
      onContextMenu={(e) => {
        if (selecting || item.status) return;
        e.preventDefault();
        onMenu(item);
      }}
    >
      {selecting && !item.status && (
        <input
          type="checkbox"
          className={s.check}
          checked={selected}
          onChange={() => onToggleSelect(item.id)}
          aria-label={`Select message from ${own ? 'you' : senderName}: ${item.message.slice(0, 40)}`}
        />
      )}
      {own && menu && (
        <button type="button" className={menuButton} aria-label="Message options" onClick={() => onMenu(item)}>
          <Icon name="more" width={18} height={18} />
        </button>
      )}
      {!own && <SenderPhoto name={senderName} photo={showPhoto ? senderPhoto : undefined} />}
      <article
        className={`${s.bubble[variant]} ${highlighted ? s.highlight : ''}`}
        aria-label={`${own ? 'You' : senderName}, ${clock(item.time)}`}
      >
        {!own && (
          <span className={s.sender} dir="auto">
            {senderName}
          </span>
        )}
        {item.forwarded_from_id && <span className={s.forwarded}>Forwarded</span>}
        {item.reply_message_id && (
          <span className={s.quote}>
            {quoted ? (
              <>
                <strong dir="auto">{quoted.name}</strong> <span dir="auto">{quoted.text || 'Attachment'}</span>
              </>
            ) : (
              'Reply to an earlier message'
            )}
          </span>
        )}
        {deleted ? (
          <span className={s.deleted}>Message deleted</span>
        ) : (
          <>
            {item.files.map((f) => (
              <Attachment key={f.url} file={f} senderName={senderName} onOpenImage={onOpenImage} />
            ))}
            {item.message && <span dir="auto">{item.message}</span>}
          </>
        )}
        <span className={s.meta}>
          {item.status === 'sending' && 'Sending…'}
          {failed && <span role="alert">Not sent{item.error ? `: ${item.error}` : ''}</span>}
          {!item.status && !deleted && item.edited_at && <span>edited</span>}
          {!item.status && clock(item.time)}
        </span>
        {failed && item.client_id && (
          <Button small variant="danger" onClick={() => onRetry(item.client_id ?? '')}>
            Retry
          </Button>
        )}
      </article>
      {!own && menu && (
        <button type="button" className={menuButton} aria-label="Message options" onClick={() => onMenu(item)}>
          <Icon name="more" width={18} height={18} />
        </button>
      )}
    </div>
  );
});
