import { useCallback } from 'react';
import type { PickerOutcome } from '@/components/ui/picker/picker-rules.ts';
import { clubs, directions, interests, useAddProfileItem } from '../api/profile-items.ts';

/**
 * Saves what a picker's Done resolved to (club, interest or direction; section 4's USER_*_SAVE) and
 * resolves to an error message for the picker to show, or null. Experiences go to the caller instead.
 */
export function usePickerSave(onExperience?: (outcome: Extract<PickerOutcome, { kind: 'experience' }>) => void) {
  const addClub = useAddProfileItem(clubs);
  const addInterest = useAddProfileItem(interests);
  const addDirection = useAddProfileItem(directions);
  return useCallback(
    async (outcome: NonNullable<PickerOutcome>): Promise<string | null> => {
      switch (outcome.kind) {
        case 'club': {
          const r = await addClub({ name: outcome.name, position: outcome.position });
          return r.ok ? null : `The club was not saved: ${r.error.message}`;
        }
        case 'interest': {
          const r = await addInterest({ name: outcome.name });
          return r.ok ? null : `The interest was not saved: ${r.error.message}`;
        }
        case 'direction': {
          const r = await addDirection({ name: outcome.name });
          return r.ok ? null : `The direction was not saved: ${r.error.message}`;
        }
        case 'experience':
          onExperience?.(outcome);
          return null;
      }
    },
    [addClub, addInterest, addDirection, onExperience],
  );
}
