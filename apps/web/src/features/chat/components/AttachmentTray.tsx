import { Icon } from '@/components/ui/Icon.tsx';
import { fileSize } from '@/lib/upload.ts';
import { usePreview } from '@/lib/use-preview.ts';
import type { Attachment } from '../hooks/use-attachments.ts';
import * as s from './attachment-tray.css.ts';
import { menuButton } from './inbox.css.ts';

function Thumb({ file }: { file: File }) {
  const url = usePreview(file, true);
  return url ? (
    <img className={s.trayThumb} src={url} alt="" />
  ) : (
    <span className={s.trayThumb} aria-hidden="true">
      <Icon name="file" width={18} height={18} />
    </span>
  );
}

/** The files picked for the message: preview, progress, Remove (cancels), and a failure's reason with Retry (none for a refused file). */
export function AttachmentTray({
  items,
  onRemove,
  onRetry,
}: {
  items: readonly Attachment[];
  onRemove: (key: string) => void;
  onRetry: (key: string) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul className={s.tray} aria-label="Attachments">
      {items.map((a) => (
        <li key={a.key} className={a.status === 'failed' ? s.trayItemFailed : s.trayItem}>
          <Thumb file={a.file} />
          <span className={s.trayBody}>
            <span className={s.trayName} dir="auto">
              {a.file.name}
            </span>
            {a.status === 'uploading' && (
              <progress
                className={s.trayProgress}
                max={100}
                value={Math.round(a.fraction * 100)}
                aria-label={`Uploading ${a.file.name}`}
              />
            )}
            {a.status === 'done' && <span className={s.trayMeta}>{fileSize(a.file.size)}</span>}
            {a.status === 'failed' && (
              <span className={s.trayError} role="alert">
                Not uploaded. {a.reason}
              </span>
            )}
          </span>
          {a.status === 'failed' && !a.refused && (
            <button type="button" className={s.trayAction} onClick={() => onRetry(a.key)}>
              Retry
            </button>
          )}
          <button
            type="button"
            className={menuButton}
            aria-label={`${a.status === 'uploading' ? 'Cancel' : 'Remove'} ${a.file.name}`}
            onClick={() => onRemove(a.key)}
          >
            <Icon name="close" width={16} height={16} />
          </button>
        </li>
      ))}
    </ul>
  );
}
