import { useAtomValue } from 'jotai';
import * as l from '../../components/ui/layout.css.ts';
import { NewsFeed } from '../../features/feed/components/NewsFeed.tsx';
import { useMyChannels } from '../../features/groups/api/channels.ts';
import { sessionAtom } from '../../lib/auth.ts';
import { groupName } from '../../lib/format.ts';

/** /news-feed: write a post, read what classmates and groups post. */
export default function NewsFeedScreen() {
  const me = useAtomValue(sessionAtom)?.id ?? null;
  const channels = useMyChannels();
  // A post goes to my connections or to one of my groups (never a one-to-one chat).
  const groups = (channels.data ?? []).filter((c) => !c.is_direct).map((c) => ({ id: c.id, name: groupName(c.name) }));
  return (
    <div className={l.screen}>
      <NewsFeed me={me} groups={groups} />
    </div>
  );
}
