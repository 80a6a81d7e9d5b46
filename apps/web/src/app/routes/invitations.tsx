import { useSearchParams } from 'react-router';
import * as l from '../../components/ui/layout.css.ts';
import { ScreenHeader } from '../../components/ui/ScreenHeader.tsx';
import { Tabs, tabItems } from '../../components/ui/Tabs.tsx';
import { paths } from '../../config/paths.ts';
import { FriendsList } from '../../features/connections/components/FriendsList.tsx';
import { InvitationsList } from '../../features/connections/components/InvitationsList.tsx';
import { useBack } from '../../lib/use-back.ts';

const TABS = tabItems({ received: 'Received', sent: 'Sent', connections: 'Connections' });
type TabKey = (typeof TABS)[number]['key'];

/** /connections?tab=…: invitations to connect received and sent (paged), and my connections. */
export default function InvitationsScreen() {
  const [params, setParams] = useSearchParams();
  const tab: TabKey = TABS.find((t) => t.key === params.get('tab'))?.key ?? 'received';
  const back = useBack(paths.notifications);
  return (
    <div className={l.screen}>
      <ScreenHeader title="Invitations" onBack={back} />
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
