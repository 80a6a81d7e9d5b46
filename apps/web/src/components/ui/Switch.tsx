import * as s from './Switch.css.ts';

export function Switch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <button type="button" role="switch" aria-checked={checked} className={s.row} onClick={() => onChange(!checked)}>
      <span>{label}</span>
      <span className={s.track} aria-hidden="true">
        <span className={s.thumb} />
      </span>
    </button>
  );
}
