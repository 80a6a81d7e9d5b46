import { Button } from '@/components/ui/Button.tsx';
import * as l from '@/components/ui/layout.css.ts';
import * as s from './selection-bar.css.ts';

/** Shown instead of the message box while messages are being selected. */
export function SelectionBar({ count, onCopy, onDone }: { count: number; onCopy: () => void; onDone: () => void }) {
  return (
    <div className={s.actionBar} role="toolbar" aria-label="Selected messages">
      <span>{count} selected</span>
      <div className={l.row}>
        <Button small variant="secondary" disabled={count === 0} onClick={onCopy}>
          Copy
        </Button>
        <Button small onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
