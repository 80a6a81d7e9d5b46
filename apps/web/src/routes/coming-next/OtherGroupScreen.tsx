import { ComingNext } from './ComingNext.tsx';

export default function OtherGroupScreen() {
  return (
    <ComingNext title="Shared Groups" what="The groups you share with this person arrive with the next release." />
  );
}
