import { NotFound } from '@/components/ui/NotFound.tsx';
import { paths } from '@/config/paths.ts';

/** A chat that cannot open: no such group (`missing`), or one the user is not a member of. */
export function ChatClosed({ reason }: { reason: 'missing' | 'not-member' }) {
  return reason === 'missing' ? (
    <NotFound
      title="Chat not found"
      text="There is no chat at this link. It may have been removed, or the link is incomplete."
      back={paths.chats}
      backLabel="Back to Chats"
    />
  ) : (
    <NotFound
      title="Not in this group"
      text="You are not a member of this group, so its chat is closed to you. You can find it again under Chats if you rejoin."
      back={paths.chats}
      backLabel="Back to Chats"
    />
  );
}
