import type { ApiError, Message } from '@cohort/api';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button } from '@/components/ui/Button.tsx';
import { Icon } from '@/components/ui/Icon.tsx';
import * as l from '@/components/ui/layout.css.ts';
import type { ChannelChat } from '../hooks/use-channel-chat.ts';
import * as s from './chat-banners.css.ts';

function Failed({ text, onRetry, loading }: { text: string; onRetry: () => void; loading?: boolean }) {
  return (
    <div className={l.section}>
      <Alert
        action={
          <Button small variant="secondary" loading={loading} onClick={onRetry}>
            Retry
          </Button>
        }
      >
        {text}
      </Alert>
    </div>
  );
}

/** Above the messages: what failed to load (each with Retry), the pinned message, and progress. */
export function ChatBanners({
  chat,
  groupError,
  onRetryGroup,
  pinned,
  onOpenPinned,
}: {
  chat: ChannelChat;
  groupError: ApiError | null;
  onRetryGroup: () => void;
  pinned: Message | null;
  onOpenPinned: (message: Message) => void;
}) {
  return (
    <>
      {groupError && (
        <Failed text={`Could not load the group's members: ${groupError.message}`} onRetry={onRetryGroup} />
      )}
      {chat.refreshError && (
        <Failed
          text={`Couldn't refresh messages: ${chat.refreshError.message}`}
          onRetry={chat.refresh}
          loading={chat.refreshing}
        />
      )}
      {pinned && (
        <button type="button" className={s.pinned} onClick={() => onOpenPinned(pinned)}>
          <Icon name="pin" width={16} height={16} />
          <span className={s.pinnedText}>
            <strong>Pinned</strong> <span dir="auto">{pinned.message || 'Attachment'}</span>
          </span>
        </button>
      )}
      {chat.status === 'error' && (
        <Failed text={`Could not load the messages: ${chat.error?.message}`} onRetry={chat.reload} />
      )}
      {chat.status === 'loading' && <p className={`${l.muted} ${l.section}`}>Loading messages…</p>}
    </>
  );
}
