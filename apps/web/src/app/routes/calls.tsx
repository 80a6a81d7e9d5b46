import * as l from '../../components/ui/layout.css.ts';
import { ScreenHeader } from '../../components/ui/ScreenHeader.tsx';
import { paths } from '../../config/paths.ts';
import { CallHistory } from '../../features/calls/components/CallHistory.tsx';
import { useBack } from '../../lib/use-back.ts';

/** /calls: my call history (the own profile's Calls and Video), each call with call-back. */
export default function CallsScreen() {
  const back = useBack(paths.profile);
  return (
    <div className={l.screen}>
      <ScreenHeader title="Calls" onBack={back} />
      <section className={l.section}>
        <p className={l.muted}>Call a friend from their profile, or call back from here.</p>
      </section>
      <CallHistory />
    </div>
  );
}
