import { ComingNext } from './ComingNext.tsx';

export default function ChatsScreen() {
  return <ComingNext title="Chats" what="Your group chats and new conversations arrive with the next release." />;
}
