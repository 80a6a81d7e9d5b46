import { Button } from '../../../components/ui/Button.tsx';
import { Icon } from '../../../components/ui/Icon.tsx';
import * as s from './Inbox.css.ts';

const MESSAGE_MAX = 4000;

/** The message box: the reply being written (if any), the text and Send (Enter sends, Shift+Enter breaks the line). */
export function Composer({
  text,
  setText,
  replyTo,
  onCancelReply,
  canSend,
  waiting,
  onSend,
}: {
  text: string;
  setText: (text: string) => void;
  replyTo: { name: string; text: string } | null;
  onCancelReply: () => void;
  canSend: boolean;
  /** The history is not in yet: Send waits (and says why). */
  waiting: boolean;
  onSend: () => void;
}) {
  return (
    <form
      className={s.composer}
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
          <button type="button" className={s.menuButton} aria-label="Cancel reply" onClick={onCancelReply}>
            <Icon name="close" width={16} height={16} />
          </button>
        </div>
      )}
      <div className={s.composerRow}>
        <textarea
          className={s.input}
          rows={1}
          placeholder="Message"
          aria-label="Message"
          value={text}
          maxLength={MESSAGE_MAX}
          onChange={(e) => setText(e.target.value)}
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
          disabled={!text.trim() || !canSend}
        >
          <Icon name="send" width={18} height={18} />
        </Button>
      </div>
    </form>
  );
}
