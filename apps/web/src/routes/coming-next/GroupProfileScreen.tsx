import { ComingNext } from './ComingNext.tsx';

export default function GroupProfileScreen() {
  return <ComingNext title="Group" what="The group profile, its members and subgroups arrive with the next release." />;
}
