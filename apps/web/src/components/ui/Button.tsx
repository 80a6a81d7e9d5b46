import type { ButtonHTMLAttributes } from 'react';
import * as s from './Button.css.ts';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof s.variant;
  block?: boolean;
  small?: boolean;
  /** Shows a spinner and blocks clicks while an action runs; the label stays for screen readers. */
  loading?: boolean;
}

export function Button({
  variant = 'primary',
  block,
  small,
  loading,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = [s.variant[variant], block && s.block, small && s.small, className].filter(Boolean).join(' ');
  return (
    <button type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading && <span className={s.spinner} aria-hidden="true" />}
      {children}
    </button>
  );
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <span className={s.spinner} role="status" aria-label={label} />;
}
