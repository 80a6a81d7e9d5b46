import type { Direction, Interest } from '@cohort/api';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { Chip, ChipList } from '@/components/ui/Chip.tsx';
import { LoadState } from '@/components/ui/LoadState.tsx';
import { Picker } from '@/components/ui/picker/Picker.tsx';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import { type AreaSpec, directions, interests, useProfileList, useRemoveProfileItem } from '../../api/profile-items.ts';
import { usePickerSave } from '../../hooks/use-picker-save.ts';
import { type ListSpec, useResourceLists } from '../../hooks/use-resource-lists.ts';
import * as s from './tabs.css.ts';

const DIRECTION_LISTS: readonly ListSpec[] = [{ type: 'direction', kind: 'Direction', label: 'Directions' }];
const INTEREST_LISTS: readonly ListSpec[] = [{ type: 'interest', kind: 'Interest', label: 'Interests' }];

function RemovableChip({ label, onRemove }: { label: string; onRemove?: (() => Promise<void>) | undefined }) {
  const [removing, setRemoving] = useState(false);
  return (
    <Chip
      label={label}
      removing={removing}
      {...(onRemove && {
        onRemove: async () => {
          setRemoving(true);
          await onRemove();
          setRemoving(false);
        },
      })}
    />
  );
}

function ChipsTab<T extends Direction | Interest>({
  area,
  lists,
  owner,
  own,
  what,
  pickerLabel,
}: {
  area: typeof directions | typeof interests;
  lists: readonly ListSpec[];
  owner: string;
  own: boolean;
  what: string;
  pickerLabel: string;
}) {
  const { state, reload } = useProfileList(area as AreaSpec<T, unknown>, owner, own);
  const removeItem = useRemoveProfileItem(area as AreaSpec<T, unknown>);
  const toast = useSetAtom(showToastAtom);
  const save = usePickerSave();
  const pickable = useResourceLists(lists);

  const remove = async (item: T) => {
    const result = await removeItem(item.id);
    if (!result.ok) toast({ tone: 'error', text: `${item.name} was not removed: ${result.error.message}` });
  };

  return (
    <div className={s.tab}>
      <LoadState state={state} what={what} empty={`No ${what} yet.`} onRetry={reload}>
        {(items) => (
          <ChipList label={what[0]?.toUpperCase() + what.slice(1)}>
            {items.map((item) => (
              <RemovableChip key={item.id} label={item.name} onRemove={own ? () => remove(item) : undefined} />
            ))}
          </ChipList>
        )}
      </LoadState>
      {own && <Picker buttonLabel={pickerLabel} {...pickable} onDone={save} />}
    </div>
  );
}

type TabProps = { owner: string; own: boolean };

export function DirectionTab(props: TabProps) {
  return (
    <ChipsTab<Direction>
      {...props}
      area={directions}
      lists={DIRECTION_LISTS}
      what="directions"
      pickerLabel="Add or Edit My Directions"
    />
  );
}

export function InterestsTab(props: TabProps) {
  return (
    <ChipsTab<Interest>
      {...props}
      area={interests}
      lists={INTEREST_LISTS}
      what="interests"
      pickerLabel="Add or Edit My Interests"
    />
  );
}
