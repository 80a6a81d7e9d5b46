import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/Button.tsx';
import { Icon } from '../../components/ui/Icon.tsx';
import * as l from '../../components/ui/layout.css.ts';
import { Tabs } from '../../components/ui/Tabs.tsx';
import { paths } from '../../config/paths.ts';
import { FriendsList } from '../../features/connections/components/FriendsList.tsx';
import { InvitationsList } from '../../features/connections/components/InvitationsList.tsx';
import { useBack } from '../../lib/use-back.ts';

const TABS = [
  { key: 'received', label: 'Received' },
  { key: 'sent', label: 'Sent' },
  { key: 'connections', label: 'Connections' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** /connections?tab=…: invitations to connect received and sent (paged), and my connections. */
export default function InvitationsScreen() {
  const [params, setParams] = useSearchParams();
  const tab: TabKey = TABS.find((t) => t.key === params.get('tab'))?.key ?? 'received';
  const back = useBack(paths.notifications);
  return (
    <div className={l.screen}>
      <header className={l.topBar}>
        <Button variant="ghost" aria-label="Back" onClick={back}>
          <Icon name="back" />
        </Button>
        <h1 className={l.topTitle}>Invitations</h1>
        <span style={{ width: 44 }} />
      </header>
      <Tabs
        label="Invitations"
        tabs={TABS}
        value={tab}
        onChange={(next) => setParams({ tab: next }, { replace: true })}
      >
        {tab === 'connections' ? (
          <FriendsList />
        ) : (
          <InvitationsList key={tab} direction={tab === 'received' ? 'incoming' : 'outgoing'} />
        )}
      </Tabs>
    </div>
  );
}
