import { type ApiError, LIMITS } from '@cohort/api';
import { useRef, useState } from 'react';
import { ActionSheet } from '@/components/ui/ActionSheet.tsx';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button } from '@/components/ui/Button.tsx';
import * as l from '@/components/ui/layout.css.ts';
import { Tabs, tabItems } from '@/components/ui/Tabs.tsx';
import { TextArea } from '@/components/ui/TextField.tsx';
import { useDraft } from '@/lib/drafts.ts';
import { imagesOnly, useUploadBatch } from '@/lib/upload-batch.ts';
import { usePreview } from '@/lib/use-preview.ts';
import { useStoryActions } from '../api/stories.ts';
import { BACKGROUNDS, backgroundColour, type NamedBackground } from '../background.ts';
import * as s from './stories.css.ts';

const MAX_TEXT = LIMITS.storyText;
/** The text card being written, kept as a draft (its screen reopens the sheet when one is there). */
export const STORY_DRAFT = 'story-text';
const KINDS = tabItems({ photo: 'Photo', text: 'Text' });

function Preview({ file }: { file: File }) {
  const url = usePreview(file);
  return url ? <img className={s.photoPreview} src={url} alt="Picked for the story" /> : null;
}

/**
 * New Story: a photo (uploaded with progress) or a text card on a chosen background; shared for 24
 * hours. Cancel or closing forgets the text card; a session that ends keeps it.
 */
export function NewStorySheet({
  me,
  onShared,
  onClose,
}: {
  me: string | null;
  onShared: () => void;
  onClose: () => void;
}) {
  const { create } = useStoryActions();
  const [card, setCard, clearCard] = useDraft<{ text: string; background: NamedBackground }>(STORY_DRAFT, {
    text: '',
    background: 'ocean',
  });
  const { text, background } = card;
  const setText = (value: string) => setCard((c) => ({ ...c, text: value }));
  const setBackground = (value: NamedBackground) => setCard((c) => ({ ...c, background: value }));
  const [kind, setKind] = useState<'photo' | 'text'>(() => (text ? 'text' : 'photo'));
  const photo = useUploadBatch({ use: 'attachment', max: 1, scope: 'story', check: imagesOnly });
  const picked = photo.items[0];
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const ready = kind === 'photo' ? photo.ready.length === 1 : text.trim() !== '';

  const share = async () => {
    setBusy(true);
    setError(null);
    const image = photo.ready[0];
    const body = kind === 'photo' && image ? { image: { id: image.id } } : { text: text.trim(), background };
    const result = await create(body, me);
    setBusy(false);
    if (!result.ok) return setError(result.error);
    clearCard();
    onShared();
  };
  const cancel = () => {
    clearCard();
    onClose();
  };

  return (
    <ActionSheet title="New Story" onClose={cancel} label="Share" busy={busy} disabled={!ready} onConfirm={share}>
      <p className={l.muted}>Your connections see it for 24 hours.</p>
      <Tabs label="Kind of story" tabs={KINDS} value={kind} onChange={setKind}>
        {kind === 'photo' ? (
          <div className={l.stack} style={{ paddingTop: 12 }}>
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              style={{ display: 'none' }}
              aria-label="Choose a photo"
              onChange={(e) => {
                for (const item of photo.items) photo.remove(item.key);
                photo.add([...(e.target.files ?? [])].slice(0, 1));
                e.target.value = '';
              }}
            />
            {picked && <Preview file={picked.file} />}
            {picked?.status === 'uploading' && (
              <progress max={100} value={Math.round(picked.fraction * 100)} aria-label="Uploading the photo" />
            )}
            {picked?.status === 'failed' && (
              <Alert
                action={
                  picked.refused ? undefined : (
                    <Button small variant="secondary" onClick={() => photo.retry(picked.key)}>
                      Retry
                    </Button>
                  )
                }
              >
                Not uploaded. {picked.reason}
              </Alert>
            )}
            <Button variant="secondary" onClick={() => fileInput.current?.click()}>
              {picked ? 'Choose another photo' : 'Choose a photo'}
            </Button>
          </div>
        ) : (
          <div className={l.stack} style={{ paddingTop: 12 }}>
            <p className={s.preview} style={{ background: backgroundColour(background) }} dir="auto" aria-hidden="true">
              {text || 'Your text'}
            </p>
            <TextArea
              label="Story text"
              value={text}
              maxLength={MAX_TEXT}
              rows={3}
              onChange={(e) => setText(e.target.value)}
              hint={`${MAX_TEXT - text.length} characters left`}
              error={error?.fieldError('text')}
            />
            <div role="radiogroup" aria-label="Background" className={s.swatches}>
              {BACKGROUNDS.map((name) => (
                // biome-ignore lint/a11y/useSemanticElements: a row of colour swatches, each a radio
                <button
                  key={name}
                  type="button"
                  role="radio"
                  aria-checked={background === name}
                  aria-label={name}
                  className={s.swatch}
                  style={{ background: backgroundColour(name) }}
                  onClick={() => setBackground(name)}
                />
              ))}
            </div>
          </div>
        )}
      </Tabs>
      {error && <Alert>Could not share the story: {error.message}</Alert>}
    </ActionSheet>
  );
}
