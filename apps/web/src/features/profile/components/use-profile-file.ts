import type { ApiError, Media, MediaUse, Schemas } from '@cohort/api';
import { useSetAtom } from 'jotai';
import { useCallback, useRef, useState } from 'react';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import { useUpload } from '@/lib/upload.ts';
import { useUpdateMe } from '../api/me.ts';

/**
 * A file of my profile (photo, résumé): an upload that updateMe then sets, or Remove; each says
 * so in a toast and then calls `done`. `choose` opens the file input given `picker`.
 */
export function useProfileFile(
  use: MediaUse,
  field: 'profile_image' | 'resume',
  words: { saved: string; removed: string; notRemoved: string },
  done?: () => void,
) {
  const updateMe = useUpdateMe();
  const toast = useSetAtom(showToastAtom);
  const picker = useRef<HTMLInputElement>(null);
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const change = useCallback(
    async (id: string | null, text: string): Promise<ApiError | undefined> => {
      const result = await updateMe({ [field]: id } as Schemas['UserUpdate']);
      if (!result.ok) return result.error;
      toast({ tone: 'success', text });
      done?.();
      return undefined;
    },
    [updateMe, toast, field, done],
  );
  const setFile = useCallback((media: Media) => change(media.id, words.saved), [change, words.saved]);
  const upload = useUpload(use, setFile);

  const choose = () => picker.current?.click();
  const remove = async () => {
    setRemoving(true);
    setRemoveError(null);
    const error = await change(null, words.removed);
    setRemoving(false);
    if (error) setRemoveError(`${words.notRemoved}: ${error.message}`);
  };
  return { ...upload, picker, choose, remove, removing, removeError };
}
