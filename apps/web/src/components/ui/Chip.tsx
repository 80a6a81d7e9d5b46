import type { ReactNode } from 'react';
import * as s from './Chip.css.ts';

export function ChipList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className={s.list} aria-label={label}>
      {children}
    </ul>
  );
}

/** A removable tag; without onRemove it is read-only (another user's profile). */
export function Chip({ label, onRemove, removing }: { label: string; onRemove?: () => void; removing?: boolean }) {
  return (
    <li className={onRemove ? s.chip : `${s.chip} ${s.readOnly}`} aria-busy={removing || undefined}>
      <span className={s.label} dir="auto">
        {label}
      </span>
      {onRemove && (
        <button
          type="button"
          className={s.remove}
          onClick={onRemove}
          disabled={removing}
          aria-label={`Remove ${label}`}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </li>
  );
}
