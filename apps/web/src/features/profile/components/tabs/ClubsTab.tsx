import type { ClubEntry } from '@cohort/api';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { LoadState } from '@/components/ui/LoadState.tsx';
import * as l from '@/components/ui/layout.css.ts';
import { Picker } from '@/components/ui/picker/Picker.tsx';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import { clubs, useProfileList, useRemoveProfileItem } from '../../api/profile-items.ts';
import { usePickerSave } from '../../hooks/use-picker-save.ts';
import { type ListSpec, useResourceLists } from '../../hooks/use-resource-lists.ts';
import * as s from './tabs.css.ts';

const CLUB_LISTS: readonly ListSpec[] = [
  { type: 'club', kind: 'Club', label: 'Clubs' },
  { type: 'position', kind: 'Position', label: 'Positions' },
];

function ClubItem({ club, onRemove }: { club: ClubEntry; onRemove?: (() => Promise<void>) | undefined }) {
  const [removing, setRemoving] = useState(false);
  return (
    <li className={s.item}>
      <div className={s.itemBody}>
        <span className={s.itemTitle} dir="auto">
          {club.name}
        </span>
        <span className={s.itemMeta} dir="auto">
          {club.position}
        </span>
      </div>
      {onRemove && (
        <Button
          small
          variant="danger"
          loading={removing}
          aria-label={`Remove ${club.name}`}
          onClick={async () => {
            setRemoving(true);
            await onRemove();
            setRemoving(false);
          }}
        >
          Remove
        </Button>
      )}
    </li>
  );
}

export function ClubsTab({ owner, own }: { owner: string; own: boolean }) {
  const { state, reload } = useProfileList(clubs, owner, own);
  const removeClub = useRemoveProfileItem(clubs);
  const toast = useSetAtom(showToastAtom);
  const save = usePickerSave();
  const pickable = useResourceLists(CLUB_LISTS);

  const remove = async (club: ClubEntry) => {
    const result = await removeClub(club.id);
    if (!result.ok) toast({ tone: 'error', text: `${club.name} was not removed: ${result.error.message}` });
  };

  return (
    <div className={s.tab}>
      {own && <Picker buttonLabel="Add or Edit My Clubs" {...pickable} onDone={save} />}
      <LoadState state={state} what="clubs" empty="No clubs yet." onRetry={reload}>
        {(items) => (
          <ul className={l.list} aria-label="Clubs">
            {items.map((club) => (
              <ClubItem key={club.id} club={club} onRemove={own ? () => remove(club) : undefined} />
            ))}
          </ul>
        )}
      </LoadState>
    </div>
  );
}
