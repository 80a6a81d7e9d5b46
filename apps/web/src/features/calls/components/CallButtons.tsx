import { Button } from '@/components/ui/Button.tsx';
import { Icon } from '@/components/ui/Icon.tsx';
import { type CallKind, useCallActions } from '../api/calls.ts';

/** Call and Video call on another person's profile: start a voice or video call to them. */
export function CallButtons({ userId }: { userId: string }) {
  const { start } = useCallActions();
  const call = (kind: CallKind) => () => void start(userId, kind);
  return (
    <>
      <Button small variant="secondary" onClick={call('audio')}>
        <Icon name="phone" />
        Call
      </Button>
      <Button small variant="secondary" onClick={call('video')}>
        <Icon name="video" />
        Video call
      </Button>
    </>
  );
}
