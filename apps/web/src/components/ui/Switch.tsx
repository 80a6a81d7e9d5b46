import * as s from './Switch.css.ts';

export function Switch({
  label,
  checked,
  onChange,
  flush = false,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  /** In a form: no side padding of its own, so the label lines up with the fields above and below. */
  flush?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      className={flush ? `${s.row} ${s.flush}` : s.row}
      onClick={() => onChange(!checked)}
    >
      <span>{label}</span>
      <span className={s.track} aria-hidden="true">
        <span className={s.thumb} />
      </span>
    </button>
  );
}
