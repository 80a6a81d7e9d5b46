import { useState } from 'react';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button } from '@/components/ui/Button.tsx';
import { HiddenFileInput } from '@/components/ui/HiddenFileInput.tsx';
import { Sheet } from '@/components/ui/Sheet.tsx';
import { UploadStatus } from '@/components/ui/UploadStatus.tsx';
import { usePreview } from '@/lib/use-preview.ts';
import * as s from './profile.css.ts';
import { useProfileFile } from './use-profile-file.ts';

/**
 * The own profile photo: choose a photo → square preview → upload with progress → set it with
 * updateMe (every screen showing my photo reads it again); or remove it.
 */
export function PhotoSheet({ current, onClose }: { current: string | null | undefined; onClose: () => void }) {
  const [chosen, setChosen] = useState<File | null>(null);
  const preview = usePreview(chosen);
  const { state, start, retry, cancel, picker, choose, remove, removing, removeError } = useProfileFile(
    'avatar',
    'profile_image',
    { saved: 'Profile photo updated.', removed: 'Profile photo removed.', notRemoved: 'The photo was not removed' },
    onClose,
  );
  const busy = state.status === 'uploading' || removing;

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
        <HiddenFileInput
          ref={picker}
          accept="image/jpeg,image/png,image/webp,image/gif"
          label="Photo file"
          onFiles={([file]) => setChosen(file)}
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
