import { fileRefused, type UploadState } from '../../lib/upload.ts';
import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';
import * as s from './UploadStatus.css.ts';

/**
 * An upload in progress (name, bar, Cancel) or failed (its reason, and Retry; for a file refused for
 * what it is, its size or type, "Choose another file" instead: the same file would fail again);
 * nothing otherwise.
 */
export function UploadStatus({
  state,
  what,
  onRetry,
  onChoose,
  onCancel,
}: {
  state: UploadState;
  /** 'résumé', 'photo': names the bar for screen readers. */
  what: string;
  onRetry: () => void;
  /** Opens the file picker again. */
  onChoose: () => void;
  onCancel: () => void;
}) {
  if (state.status === 'uploading') {
    const percent = Math.round(state.fraction * 100);
    return (
      <div className={s.box}>
        <div className={s.row}>
          <span className={s.name} dir="auto">
            Uploading {state.file.name}… {percent}%
          </span>
          <Button small variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
        <div
          className={s.track}
          role="progressbar"
          aria-label={`Uploading ${what}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className={s.bar} style={{ width: `${percent}%` }} />
        </div>
      </div>
    );
  }
  if (state.status === 'failed') {
    const refused = fileRefused(state.error);
    return (
      <Alert
        action={
          <Button small variant="secondary" onClick={refused ? onChoose : onRetry}>
            {refused ? 'Choose another file' : 'Retry'}
          </Button>
        }
      >
        {`${state.file.name} was not uploaded. ${state.reason}`}
      </Alert>
    );
  }
  return null;
}
