import type { CSSProperties } from 'react';
import * as s from './rows.css.ts';

/** A search box over a list: `label` names it for screen readers, `placeholder` is what shows. */
export function SearchInput({
  label,
  placeholder = 'Search',
  value,
  onChange,
  flush = false,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (text: string) => void;
  /** No margin of its own (it sits in a stack that spaces it). */
  flush?: boolean;
}) {
  const style: CSSProperties | undefined = flush ? { margin: 0 } : undefined;
  return (
    <input
      type="search"
      className={s.search}
      style={style}
      placeholder={placeholder}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
