import type { ApiError } from '@cohort/api';
import { useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button } from '@/components/ui/Button.tsx';
import { Icon } from '@/components/ui/Icon.tsx';
import * as l from '@/components/ui/layout.css.ts';
import { SelectField, TextArea } from '@/components/ui/TextField.tsx';
import { useDraft } from '@/lib/drafts.ts';
import { imagesOnly, leftOutText, useUploadBatch } from '@/lib/upload-batch.ts';
import { usePostActions } from '../api/posts.ts';
import { composerErrors, MAX_PHOTOS, MAX_TEXT, PHOTOS_LIMIT, toPostInput } from '../composer-form.ts';
import * as s from './composer.css.ts';
import { PhotoPicks } from './PhotoPicks.tsx';

export interface Audience {
  id: string;
  name: string;
}

/**
 * Write a post: text, up to 4 photos (uploaded as picked, with progress), and who sees it (my
 * connections or one of my groups). A failed post keeps everything typed and picked; the text and
 * audience are a draft, so a session that ends does not lose them.
 */
export function Composer({ groups }: { groups: readonly Audience[] }) {
  const { create } = usePostActions();
  const photos = useUploadBatch({ use: 'attachment', max: MAX_PHOTOS, scope: 'post', check: imagesOnly });
  const fileInput = useRef<HTMLInputElement>(null);
  const fullId = useId();
  const full = photos.items.length >= MAX_PHOTOS;
  const [draft, setDraft, clearDraft] = useDraft('post', { text: '', audience: '' });
  const { text, audience } = draft;
  const setText = (value: string) => setDraft((d) => ({ ...d, text: value }));
  const setAudience = (value: string) => setDraft((d) => ({ ...d, audience: value }));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const fields = composerErrors(error);
  const canPost = (text.trim() !== '' || photos.ready.length > 0) && !photos.busy && !busy;
  // Why Post waits, said on the button (busy shows as its spinner instead).
  const waiting = busy
    ? undefined
    : photos.busy
      ? 'Wait for the photos to finish uploading'
      : !canPost
        ? 'Write something or add a photo to post'
        : undefined;

  const send = async () => {
    setBusy(true);
    setError(null);
    const result = await create(toPostInput(text, photos.ready, audience));
    setBusy(false);
    if (!result.ok) return setError(result.error);
    clearDraft();
    photos.clear();
  };

  return (
    <section className={s.composer} aria-label="New post">
      <TextArea
        label="Write a post"
        placeholder="Share something with your classmates"
        value={text}
        maxLength={MAX_TEXT}
        rows={text ? 4 : 2}
        onChange={(e) => setText(e.target.value)}
        error={fields.text}
        hint={text.length > MAX_TEXT - 200 ? `${MAX_TEXT - text.length} characters left` : undefined}
      />
      <PhotoPicks items={photos.items} onRemove={photos.remove} onRetry={photos.retry} />
      {photos.leftOut.length > 0 && <Alert tone="info">{leftOutText(photos.leftOut, PHOTOS_LIMIT)}</Alert>}
      {fields.images && <p role="alert">{fields.images}</p>}
      <div className={s.composerRow}>
        <SelectField
          label="Who can see it"
          value={audience}
          onChange={(e) => setAudience(e.target.value)}
          error={fields.channel}
        >
          <option value="">My connections</option>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </SelectField>
      </div>
      {error && <Alert>Could not post: {error.message}</Alert>}
      <div className={s.composerRow}>
        <input
          ref={fileInput}
          className={s.hiddenInput}
          type="file"
          accept="image/*"
          multiple
          aria-label="Add photos"
          onChange={(e) => {
            photos.add([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        <Button
          variant="secondary"
          small
          onClick={() => fileInput.current?.click()}
          disabled={full}
          aria-describedby={full ? fullId : undefined}
        >
          <Icon name="image" width={18} height={18} /> Photos ({photos.items.length}/{MAX_PHOTOS})
        </Button>
        <span className={s.spacer} />
        <Button small onClick={() => void send()} disabled={!canPost} loading={busy} title={waiting}>
          Post
        </Button>
      </div>
      {full && (
        <p id={fullId} className={l.muted}>
          A post holds at most {MAX_PHOTOS} photos: remove one to add another.
        </p>
      )}
    </section>
  );
}
