import { ComingNext } from './ComingNext.tsx';

export default function ContactsScreen() {
  return (
    <ComingNext
      title="Contacts"
      what="The contact directory with its filters, for building lists and groups, arrives with the next release."
    />
  );
}
