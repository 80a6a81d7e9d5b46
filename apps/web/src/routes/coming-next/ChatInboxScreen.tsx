import { ComingNext } from './ComingNext.tsx';

export default function ChatInboxScreen() {
  return <ComingNext title="Chat" what="The conversation view arrives with the next release." />;
}
