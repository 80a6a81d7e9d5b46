import { Button } from '@/components/ui/Button.tsx';
import { Icon } from '@/components/ui/Icon.tsx';
import { type CallKind, useCallActions } from '../api/calls.ts';

/** Voice and video call in a one-to-one chat's top bar: the same call as the profile's buttons. */
export function ChatCallButtons({ userId, name }: { userId: string; name: string }) {
  const { start } = useCallActions();
  const call = (kind: CallKind) => () => void start(userId, kind);
  return (
    <span style={{ display: 'flex' }}>
      <Button variant="ghost" aria-label={`Voice call ${name}`} title="Voice call" onClick={call('audio')}>
        <Icon name="phone" />
      </Button>
      <Button variant="ghost" aria-label={`Video call ${name}`} title="Video call" onClick={call('video')}>
        <Icon name="video" />
      </Button>
    </span>
  );
}
