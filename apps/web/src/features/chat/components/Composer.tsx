import { LIMITS } from '@cohort/api';
import { useRef } from 'react';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button } from '@/components/ui/Button.tsx';
import { HiddenFileInput } from '@/components/ui/HiddenFileInput.tsx';
import { Icon } from '@/components/ui/Icon.tsx';
import { PasteCutNote, usePasteCut } from '@/components/ui/TextField.tsx';
import { leftOutText } from '@/lib/upload-batch.ts';
import { ATTACHMENTS_LIMIT, type useAttachments } from '../hooks/use-attachments.ts';
import { useFileDrop } from '../hooks/use-file-drop.ts';
import { AttachmentTray } from './AttachmentTray.tsx';
import * as s from './composer.css.ts';
import { menuButton } from './inbox.css.ts';

const MESSAGE_MAX = LIMITS.messageText;

/**
 * The message box: the reply being written (if any), the text and Send (Enter sends, Shift+Enter
 * breaks the line). Files come from the attach button, a paste, or a drop anywhere on the screen.
 */
export function Composer({
  text,
  setText,
  replyTo,
  onCancelReply,
  canSend,
  waiting,
  onSend,
  attachments,
}: {
  text: string;
  setText: (text: string) => void;
  replyTo: { name: string; text: string } | null;
  onCancelReply: () => void;
  canSend: boolean;
  /** The history is not in yet: Send waits (and says why). */
  waiting: boolean;
  onSend: () => void;
  /** The files picked for this message (uploaded as soon as picked). */
  attachments: ReturnType<typeof useAttachments>;
}) {
  const picker = useRef<HTMLInputElement>(null);
  const sendable = (!!text.trim() || attachments.ready.length > 0) && !attachments.busy;
  const dragging = useFileDrop(attachments.add);
  const paste = usePasteCut<HTMLTextAreaElement>(MESSAGE_MAX, {
    onChange: (e) => setText(e.target.value),
    onPaste: (e) => {
      const files = Array.from(e.clipboardData.files);
      if (files.length === 0) return;
      // A pasted file is attached; text pasted along with it (if any) still goes into the box.
      if (!e.clipboardData.types.includes('text/plain')) e.preventDefault();
      attachments.add(files);
    },
  });
  return (
    <form
      className={dragging ? `${s.composer} ${s.dropping}` : s.composer}
      onSubmit={(e) => {
        e.preventDefault();
        onSend();
      }}
    >
      {replyTo && (
        <div className={s.replyBar}>
          <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            Replying to <strong dir="auto">{replyTo.name}</strong>:{' '}
            <span dir="auto">{replyTo.text || 'Attachment'}</span>
          </span>
          <button type="button" className={menuButton} aria-label="Cancel reply" onClick={onCancelReply}>
            <Icon name="close" width={16} height={16} />
          </button>
        </div>
      )}
      {dragging && (
        <p className={s.dropHint} role="status">
          Drop files to attach them
        </p>
      )}
      <AttachmentTray items={attachments.items} onRemove={attachments.remove} onRetry={attachments.retry} />
      {attachments.leftOut.length > 0 && (
        <Alert tone="info">{leftOutText(attachments.leftOut, ATTACHMENTS_LIMIT)}</Alert>
      )}
      <div className={s.composerRow}>
        <HiddenFileInput ref={picker} multiple label="Files to attach" onFiles={attachments.add} />
        <Button variant="ghost" aria-label="Attach files" onClick={() => picker.current?.click()}>
          <Icon name="attach" width={18} height={18} />
        </Button>
        <textarea
          className={s.input}
          rows={1}
          placeholder="Message"
          aria-label="Message"
          value={text}
          maxLength={MESSAGE_MAX}
          onChange={paste.onChange}
          onPaste={paste.onPaste}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              onSend();
            }
          }}
        />
        <Button
          type="submit"
          aria-label="Send"
          title={waiting ? 'Sending waits until the messages have loaded' : undefined}
          disabled={!sendable || !canSend}
        >
          <Icon name="send" width={18} height={18} />
        </Button>
      </div>
      <PasteCutNote note={paste.note} />
    </form>
  );
}
