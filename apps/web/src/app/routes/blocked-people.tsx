import * as l from '../../components/ui/layout.css.ts';
import { ScreenHeader } from '../../components/ui/ScreenHeader.tsx';
import { paths } from '../../config/paths.ts';
import { BlockedList } from '../../features/connections/components/BlockedList.tsx';
import { useBack } from '../../lib/use-back.ts';

/** /blocked-people: the people I blocked, each with Unblock (from the profile's More menu and Settings). */
export default function BlockedPeopleScreen() {
  const back = useBack(paths.profile);
  return (
    <div className={l.screen}>
      <ScreenHeader title="Blocked people" onBack={back} />
      <section className={l.section}>
        <p className={l.muted}>
          People you blocked cannot message you one to one, invite you, see your contact details or find you in search.
        </p>
        <BlockedList />
      </section>
    </div>
  );
}
