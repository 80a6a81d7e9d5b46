import { ComingNext } from './ComingNext.tsx';

export default function SavedListsScreen() {
  return (
    <ComingNext title="Saved Lists" what="Your saved lists and recently deleted lists arrive with the next release." />
  );
}
