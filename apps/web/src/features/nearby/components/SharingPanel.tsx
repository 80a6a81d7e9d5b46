import { useState } from 'react';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button } from '@/components/ui/Button.tsx';
import * as l from '@/components/ui/layout.css.ts';
import { formatDate } from '@/lib/dates.ts';
import { type LocationSharing, useSharingActions } from '../api/nearby.ts';
import { currentRoundedPosition, POSITION_PROBLEMS } from '../geolocation.ts';
import * as s from './nearby.css.ts';

const UNTIL = { weekday: 'short', hour: '2-digit', minute: '2-digit' } as const;

/** The opt-in: what sharing means, share (or refresh) my rounded position, stop; every failure explained. */
export function SharingPanel({ sharing }: { sharing: LocationSharing }) {
  const { share, stop } = useSharingActions();
  const [busy, setBusy] = useState<'share' | 'stop' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const onShare = async () => {
    setBusy('share');
    setProblem(null);
    const position = await currentRoundedPosition();
    if (!position.ok) {
      setBusy(null);
      setProblem(POSITION_PROBLEMS[position.reason]);
      return;
    }
    const r = await share({ latitude: position.latitude, longitude: position.longitude });
    setBusy(null);
    if (!r.ok)
      setProblem(
        r.error.status === 429
          ? `Your location was updated too often (at most 10 times an hour, so nobody can be found by moving around them). ${r.error.message} Try again later.`
          : `Could not share your location: ${r.error.message}`,
      );
  };
  const onStop = async () => {
    setBusy('stop');
    setProblem(null);
    const r = await stop();
    setBusy(null);
    if (!r.ok) setProblem(`Could not stop sharing: ${r.error.message}`);
  };

  return (
    <section className={l.card} aria-labelledby="sharing">
      <h2 id="sharing" className={s.heading}>
        {sharing.sharing ? 'You share your approximate location' : 'Meet people around you'}
      </h2>
      {sharing.sharing ? (
        <p>
          Until {formatDate(sharing.expires_at, UNTIL, 'tomorrow')}; then sharing stops by itself. Others see only how
          far away you are, in bands.
        </p>
      ) : (
        <ul className={s.points}>
          <li>See who shares a location within 50 km, and be seen by them.</li>
          <li>Your position is rounded to about 1 km on this device before it is sent.</li>
          <li>Others see only a distance band (within 1 km, 1–5 km, …), never where you are.</li>
          <li>Sharing stops after 24 hours, or whenever you stop it.</li>
        </ul>
      )}
      {problem && <Alert>{problem}</Alert>}
      <div className={l.row} style={{ flexWrap: 'wrap' }}>
        <Button onClick={() => void onShare()} loading={busy === 'share'}>
          {sharing.sharing ? 'Update my location' : 'Share my approximate location'}
        </Button>
        {sharing.sharing && (
          <Button variant="danger" onClick={() => void onStop()} loading={busy === 'stop'}>
            Stop sharing
          </Button>
        )}
      </div>
    </section>
  );
}
