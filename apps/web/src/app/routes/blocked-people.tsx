import { Button } from '../../components/ui/Button.tsx';
import { Icon } from '../../components/ui/Icon.tsx';
import * as l from '../../components/ui/layout.css.ts';
import { paths } from '../../config/paths.ts';
import { BlockedList } from '../../features/connections/components/BlockedList.tsx';
import { useBack } from '../../lib/use-back.ts';

/** /blocked-people: the people I blocked, each with Unblock (from the profile's More menu and Settings). */
export default function BlockedPeopleScreen() {
  const back = useBack(paths.profile);
  return (
    <div className={l.screen}>
      <header className={l.topBar}>
        <Button variant="ghost" aria-label="Back" onClick={back}>
          <Icon name="back" />
        </Button>
        <h1 className={l.topTitle}>Blocked people</h1>
        <span style={{ width: 44 }} />
      </header>
      <section className={l.section}>
        <p className={l.muted}>
          People you blocked cannot message you one to one, invite you, see your contact details or find you in search.
        </p>
        <BlockedList />
      </section>
    </div>
  );
}
