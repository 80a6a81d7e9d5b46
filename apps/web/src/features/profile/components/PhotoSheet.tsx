import type { ApiError, Media } from '@cohort/api';
import { useSetAtom } from 'jotai';
import { useCallback, useRef, useState } from 'react';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button } from '@/components/ui/Button.tsx';
import { Sheet } from '@/components/ui/Sheet.tsx';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import { UploadStatus } from '@/components/ui/UploadStatus.tsx';
import { useUpload } from '@/lib/upload.ts';
import { usePreview } from '@/lib/use-preview.ts';
import { useUpdateMe } from '../api/me.ts';
import * as s from './profile.css.ts';

/**
 * The own profile photo: choose a photo → square preview → upload with progress → set it with
 * updateMe (every screen showing my photo reads it again); or remove it.
 */
export function PhotoSheet({ current, onClose }: { current: string | null | undefined; onClose: () => void }) {
  const updateMe = useUpdateMe();
  const toast = useSetAtom(showToastAtom);
  const picker = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const preview = usePreview(chosen);
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const setPhoto = useCallback(
    async (media: Media): Promise<ApiError | undefined> => {
      const result = await updateMe({ profile_image: media.id });
      if (!result.ok) return result.error;
      toast({ tone: 'success', text: 'Profile photo updated.' });
      onClose();
      return undefined;
    },
    [updateMe, toast, onClose],
  );
  const { state, start, retry, cancel } = useUpload('avatar', setPhoto);
  const busy = state.status === 'uploading' || removing;

  const choose = () => picker.current?.click();
  const remove = async () => {
    setRemoving(true);
    setRemoveError(null);
    const result = await updateMe({ profile_image: null });
    setRemoving(false);
    if (!result.ok) return setRemoveError(`The photo was not removed: ${result.error.message}`);
    toast({ tone: 'success', text: 'Profile photo removed.' });
    onClose();
  };

  const shown = preview ?? current ?? null;
  return (
    <Sheet
      title="Profile photo"
      onClose={onClose}
      footer={
        chosen ? (
          <Button block onClick={() => void start(chosen)} loading={state.status === 'uploading'} disabled={busy}>
            Use this photo
          </Button>
        ) : undefined
      }
    >
      <div className={s.photoSheet}>
        {shown ? (
          <img className={s.photoPreview} src={shown} alt={chosen ? 'Preview of the new photo' : 'Current photo'} />
        ) : (
          <p className={s.photoEmpty}>No photo yet.</p>
        )}
        <input
          ref={picker}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          hidden
          aria-label="Photo file"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) setChosen(file);
          }}
        />
        <UploadStatus state={state} what="photo" onRetry={retry} onChoose={choose} onCancel={cancel} />
        {removeError && <Alert>{removeError}</Alert>}
        <Button variant="secondary" block onClick={choose} disabled={busy}>
          {chosen ? 'Choose another photo' : 'Choose a photo'}
        </Button>
        {current && !chosen && (
          <Button variant="danger" block onClick={remove} loading={removing} disabled={busy}>
            Remove photo
          </Button>
        )}
        <p className={s.photoNote}>JPEG, PNG, WebP or GIF, up to 5 MB. Shown as a square.</p>
      </div>
    </Sheet>
  );
}
