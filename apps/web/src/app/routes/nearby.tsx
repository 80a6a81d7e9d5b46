import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Spinner } from '../../components/ui/Button.tsx';
import * as l from '../../components/ui/layout.css.ts';
import { ScreenHeader } from '../../components/ui/ScreenHeader.tsx';
import { paths } from '../../config/paths.ts';
import { usePeopleSlot } from '../../features/groups/hooks/use-people-slot.tsx';
import { useLocationSharing } from '../../features/nearby/api/nearby.ts';
import { NearbyPeople } from '../../features/nearby/components/NearbyPeople.tsx';
import { SharingPanel } from '../../features/nearby/components/SharingPanel.tsx';
import { SaveListSheet } from '../../features/saved-lists/components/SaveListSheet.tsx';
import { useBack } from '../../lib/use-back.ts';

/** /nearby: Find People Nearby, opt-in; the people are the directory's rows with its actions. */
export default function NearbyScreen() {
  const back = useBack(paths.contacts);
  const navigate = useNavigate();
  const people = usePeopleSlot();
  const sharing = useLocationSharing();
  const state = sharing.data?.data;
  return (
    <div className={l.screen}>
      <ScreenHeader title="Find People Nearby" onBack={back} />
      <div className={l.section}>
        {state && <SharingPanel sharing={state} />}
        {sharing.isError && (
          <Alert onRetry={() => sharing.refetch()}>
            Could not read whether you share a location: {(sharing.error as { message?: string }).message}
          </Alert>
        )}
        {sharing.isPending && (
          <p className={l.muted}>
            <Spinner label="Loading" /> Loading…
          </p>
        )}
      </div>
      {state?.sharing && (
        <NearbyPeople
          people={people}
          saveSheet={(ids, onClose) => (
            <SaveListSheet
              title="Save List"
              selected={ids}
              search={{}}
              total={ids.length}
              onClose={onClose}
              onSaved={() => navigate(paths.savedLists)}
            />
          )}
        />
      )}
    </div>
  );
}
