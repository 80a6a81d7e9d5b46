import { useAtomValue } from 'jotai';
import { NavLink, Outlet, useLocation } from 'react-router';
import { Icon, type IconName } from '../components/ui/Icon.tsx';
import { paths, pathsWithoutTabBar } from '../config/paths.ts';
import { UnreadBadge } from '../features/notifications/components/UnreadBadge.tsx';
import { isSignedInAtom } from '../lib/auth.ts';
import * as s from './AppShell.css.ts';
import { useScrollMemory } from './scroll-memory.ts';

const TABS: { label: string; to: string; icon: IconName }[] = [
  { label: 'Contacts', to: paths.contacts, icon: 'contacts' },
  { label: 'Saved Lists', to: paths.savedLists, icon: 'lists' },
  { label: 'Chats', to: paths.chats, icon: 'chats' },
  { label: 'News Feed', to: paths.newsFeed, icon: 'news' },
  { label: 'Alerts', to: paths.notifications, icon: 'bell' },
  { label: 'Profile', to: paths.profile, icon: 'profile' },
];

export function TabBar() {
  const signedIn = useAtomValue(isSignedInAtom);
  return (
    <nav className={s.tabBar} aria-label="Main">
      {TABS.map((tab) => (
        <NavLink key={tab.label} to={tab.to} className={s.tab}>
          <Icon name={tab.icon} className={s.icon} />
          {tab.label}
          {tab.to === paths.notifications && signedIn && <UnreadBadge />}
        </NavLink>
      ))}
    </nav>
  );
}

/** The phone column; the bottom tab bar everywhere except login, signup and chatInbox. */
export function AppShell() {
  const { pathname } = useLocation();
  useScrollMemory();
  const showTabBar = !pathsWithoutTabBar.includes(pathname);
  return (
    <div className={s.column}>
      <main className={showTabBar ? `${s.main} ${s.withTabBar}` : s.main}>
        <Outlet />
      </main>
      {showTabBar && <TabBar />}
    </div>
  );
}
