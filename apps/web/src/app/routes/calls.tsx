import { Button } from '../../components/ui/Button.tsx';
import { Icon } from '../../components/ui/Icon.tsx';
import * as l from '../../components/ui/layout.css.ts';
import { paths } from '../../config/paths.ts';
import { CallHistory } from '../../features/calls/components/CallHistory.tsx';
import { useBack } from '../../lib/use-back.ts';

/** /calls: my call history (the own profile's Calls and Video), each call with call-back. */
export default function CallsScreen() {
  const back = useBack(paths.profile);
  return (
    <div className={l.screen}>
      <header className={l.topBar}>
        <Button variant="ghost" aria-label="Back" onClick={back}>
          <Icon name="back" />
        </Button>
        <h1 className={l.topTitle}>Calls</h1>
        <span style={{ width: 44 }} />
      </header>
      <section className={l.section}>
        <p className={l.muted}>Call a friend from their profile, or call back from here.</p>
      </section>
      <CallHistory />
    </div>
  );
}
