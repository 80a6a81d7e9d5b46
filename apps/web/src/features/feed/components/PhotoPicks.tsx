import { Icon } from '@/components/ui/Icon.tsx';
import type { PickedUpload } from '@/lib/upload-batch.ts';
import { usePreview } from '@/lib/use-preview.ts';
import * as s from './photo-picks.css.ts';

function Preview({ file }: { file: File }) {
  // A file that is not an image (refused for it) has nothing to preview.
  const url = usePreview(file, true);
  return url ? <img className={s.thumbImage} src={url} alt="" /> : null;
}

/** The photos picked for a post: preview, per-photo progress, Remove (cancels), a failure's reason with Retry (none for a refused file). */
export function PhotoPicks({
  items,
  onRemove,
  onRetry,
}: {
  items: readonly PickedUpload[];
  onRemove: (key: string) => void;
  onRetry: (key: string) => void;
}) {
  if (items.length === 0) return null;
  return (
    <>
      <ul className={s.thumbs} aria-label="Photos">
        {items.map((a, i) => (
          <li key={a.key} className={a.status === 'failed' ? `${s.thumb} ${s.thumbFailed}` : s.thumb}>
            <Preview file={a.file} />
            {a.status === 'uploading' && (
              <progress
                className={s.thumbProgress}
                max={100}
                value={Math.round(a.fraction * 100)}
                aria-label={`Uploading photo ${i + 1}`}
              />
            )}
            {a.status === 'failed' && !a.refused && (
              <button type="button" className={s.thumbRetry} onClick={() => onRetry(a.key)}>
                Retry
              </button>
            )}
            <button
              type="button"
              className={s.thumbRemove}
              aria-label={`${a.status === 'uploading' ? 'Cancel' : 'Remove'} photo ${i + 1}`}
              onClick={() => onRemove(a.key)}
            >
              <Icon name="close" width={14} height={14} />
            </button>
          </li>
        ))}
      </ul>
      {items.map(
        (a, i) =>
          a.status === 'failed' && (
            <p key={a.key} role="alert" style={{ margin: 0, fontSize: '0.75rem' }}>
              Photo {i + 1} not uploaded. {a.reason}
            </p>
          ),
      )}
    </>
  );
}
