import { useEffect, useState } from 'react';
import { type JournalEntry, watchJournal } from './api.ts';
import { Clock } from './screens/Clock.tsx';
import { Journal } from './screens/Journal.tsx';
import { Outbox } from './screens/Outbox.tsx';
import { Overrides } from './screens/Overrides.tsx';
import { Sessions } from './screens/Sessions.tsx';
import * as s from './styles.css.ts';

const SCREENS = ['Sessions', 'Overrides', 'Journal', 'Clock', 'Outbox'] as const;
type Screen = (typeof SCREENS)[number];
/** Entries the panel keeps (the mock's journal keeps 1,000 by default). */
const KEPT = 1000;

function screenOfHash(): Screen {
  const hash = decodeURIComponent(location.hash.slice(1));
  return (SCREENS as readonly string[]).includes(hash) ? (hash as Screen) : 'Sessions';
}

export function App() {
  const [screen, setScreen] = useState<Screen>(screenOfHash);
  // Back, forward and a typed `#Journal` move between screens too.
  useEffect(() => {
    const follow = () => setScreen(screenOfHash());
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  const [entries, setEntries] = useState<JournalEntry[]>([]);
  const [streamState, setStreamState] = useState<'connecting' | 'open' | 'down'>('connecting');
  useEffect(
    () =>
      watchJournal(
        (entry) =>
          setEntries((list) => {
            if (list.length > 0 && (list.at(-1)?.seq ?? 0) >= entry.seq) return list;
            const next = [...list, entry];
            return next.length > KEPT ? next.slice(next.length - KEPT) : next;
          }),
        setStreamState,
      ),
    [],
  );
  const go = (next: Screen) => {
    setScreen(next);
    history.pushState(null, '', `#${next}`);
  };
  return (
    <div className={s.shell}>
      <header className={s.header}>
        <h1 className={s.title}>Mock control panel</h1>
        <span className={streamState === 'open' ? s.live.open : s.live.down} role="status">
          {streamState === 'open'
            ? '● Journal live'
            : streamState === 'down'
              ? '● Journal reconnecting…'
              : 'Connecting…'}
        </span>
      </header>
      <nav aria-label="Screens">
        <div className={s.tabs}>
          {SCREENS.map((name) => (
            <button
              key={name}
              type="button"
              className={screen === name ? s.tab.active : s.tab.idle}
              aria-current={screen === name ? 'page' : undefined}
              onClick={() => go(name)}
            >
              {name}
            </button>
          ))}
        </div>
      </nav>
      <main>
        {screen === 'Sessions' && <Sessions newest={entries.at(-1)?.seq ?? 0} />}
        {screen === 'Overrides' && <Overrides />}
        {screen === 'Journal' && <Journal entries={entries} onClear={() => setEntries([])} />}
        {screen === 'Clock' && <Clock />}
        {screen === 'Outbox' && <Outbox />}
      </main>
    </div>
  );
}
