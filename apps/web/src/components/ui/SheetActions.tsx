import type { ButtonProps } from './Button.tsx';
import { Button } from './Button.tsx';
import * as s from './Sheet.css.ts';

/**
 * A sheet's footer: Cancel, then the one action it confirms. `form` makes the action submit that form
 * instead of calling `onConfirm`; `lockCancel` keeps Cancel from closing the sheet while a save runs.
 */
export function SheetActions({
  label,
  onCancel,
  onConfirm,
  form,
  variant = 'primary',
  busy = false,
  disabled = false,
  lockCancel = false,
  stretch = false,
}: {
  label: string;
  onCancel: () => void;
  onConfirm?: () => unknown;
  form?: string;
  variant?: ButtonProps['variant'];
  busy?: boolean;
  disabled?: boolean;
  lockCancel?: boolean;
  /** Both buttons share the footer's width instead of sitting at its end. */
  stretch?: boolean;
}) {
  const className = stretch ? s.stretch : undefined;
  return (
    <>
      <Button variant="secondary" className={className} onClick={onCancel} disabled={lockCancel && busy}>
        Cancel
      </Button>
      <Button
        variant={variant}
        className={className}
        type={form ? 'submit' : 'button'}
        form={form}
        onClick={form ? undefined : () => void onConfirm?.()}
        loading={busy}
        disabled={disabled}
      >
        {label}
      </Button>
    </>
  );
}
