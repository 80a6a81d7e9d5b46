import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import * as l from '../../ui/layout.css.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import * as s from './ComingNext.css.ts';

const TABS = [
  { key: 'active', label: 'MyGroups' },
  { key: 'inactive', label: 'Inactive Groups' },
  { key: 'invites', label: 'Group Invites' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** Spec: /group is opened with a state carrying an id (1 to 3) that selects the starting tab; Back goes to /profile. */
export default function GroupScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const id = (location.state as { id?: number } | null)?.id ?? 1;
  const [tab, setTab] = useState<TabKey>(TABS[id - 1]?.key ?? 'active');
  return (
    <div className={l.screen}>
      <header className={l.topBar}>
        <Button variant="ghost" aria-label="Back" onClick={() => navigate(paths.profile)}>
          <Icon name="back" />
        </Button>
        <h1 className={l.topTitle}>My Groups</h1>
        <span style={{ width: 44 }} />
      </header>
      <Tabs label="Groups" tabs={TABS} value={tab} onChange={setTab}>
        <div className={s.body}>
          <p className={s.badge}>Coming next</p>
          <p className={s.text}>Following, reactivating and accepting invites arrive with the next release.</p>
        </div>
      </Tabs>
    </div>
  );
}
