import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { LoadState } from '@/components/ui/LoadState.tsx';
import { PersonRow, toggleId } from '@/components/ui/PersonRow.tsx';
import * as p from '@/components/ui/people.css.ts';
import type { PeopleActionsSlot } from '@/components/ui/people-actions.ts';
import { loadable } from '@/lib/query.ts';
import { useNearbyPeople } from '../api/nearby.ts';
import { DISTANCE_LABELS } from '../geolocation.ts';
import * as s from './nearby.css.ts';

/** Who shares nearby, by distance band, with the directory's actions for the ones chosen. */
export function NearbyPeople({
  people,
  saveSheet,
}: {
  /** Message Selected Contacts and Invite to Group (the groups feature's, from the route). */
  people: PeopleActionsSlot;
  /** Save List for these ids (the saved-lists feature's, from the route). */
  saveSheet: (ids: string[], onClose: () => void) => ReactNode;
}) {
  const query = useNearbyPeople(true);
  const state = loadable(query, (e) => e.data.data);
  const [selected, setSelected] = useState<string[]>([]);
  const [sheet, setSheet] = useState<'invite' | 'save' | null>(null);
  const chosen = (state.data ?? []).filter((x) => selected.includes(x.person.id)).map((x) => x.person);
  const none = chosen.length === 0;
  const bands = Object.entries(DISTANCE_LABELS)
    .map(([band, label]) => ({ band, label, rows: (state.data ?? []).filter((x) => x.distance === band) }))
    .filter((b) => b.rows.length > 0);

  return (
    <section aria-labelledby="nearby-people">
      <div className={s.listHead}>
        <h2 id="nearby-people" className={s.heading}>
          People nearby
        </h2>
        <div className={p.actions}>
          <Button small onClick={() => setSheet('invite')} disabled={none}>
            Invite to Group
          </Button>
          <Button small onClick={() => void people.message(chosen)} disabled={none} loading={people.messaging}>
            Message Selected Contacts
          </Button>
          <Button small variant="secondary" onClick={() => setSheet('save')} disabled={none}>
            Save List
          </Button>
        </div>
      </div>
      <LoadState
        inset
        state={state}
        what="people nearby"
        empty="Nobody within 50 km shares a location right now. Look again later."
        onRetry={state.reload}
      >
        {() =>
          bands.map((b) => (
            <div key={b.band}>
              <h3 className={s.band}>{b.label}</h3>
              <ul className={`${p.rows} ${s.people}`} aria-label={b.label}>
                {b.rows.map(({ person }) => (
                  <PersonRow
                    key={person.id}
                    person={person}
                    selected={selected.includes(person.id)}
                    onToggle={() => setSelected((ids) => toggleId(ids, person.id))}
                  />
                ))}
              </ul>
            </div>
          ))
        }
      </LoadState>
      {sheet === 'invite' &&
        people.inviteSheet(
          chosen.map((x) => x.id),
          () => setSheet(null),
        )}
      {sheet === 'save' &&
        saveSheet(
          chosen.map((x) => x.id),
          () => setSheet(null),
        )}
    </section>
  );
}
