import {
  type ChangeEvent,
  type ClipboardEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useRef,
  useState,
} from 'react';
import * as s from './TextField.css.ts';

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

function FieldFrame({ id, label, error, hint, children }: FieldFrameProps) {
  return (
    <div className={s.field}>
      <label className={s.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && !error && (
        <p className={s.hint} id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className={s.error} id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode) {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

type Common = { label: string; error?: string | undefined; hint?: ReactNode };

export function TextField({ label, error, hint, id, ...rest }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint}>
      <input
        id={fieldId}
        className={s.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...rest}
      />
    </FieldFrame>
  );
}

/**
 * A paste that `maxLength` cuts (the browser drops the rest without a word): `note` says how much was
 * left out and why, until the next change that is not a paste.
 */
export function usePasteCut<E extends HTMLTextAreaElement | HTMLInputElement>(
  maxLength: number | undefined,
  handlers: {
    onPaste?: ((e: ClipboardEvent<E>) => void) | undefined;
    onChange?: ((e: ChangeEvent<E>) => void) | undefined;
  },
) {
  const [cut, setCut] = useState(0);
  const pasting = useRef(false);
  const onPaste = (e: ClipboardEvent<E>) => {
    handlers.onPaste?.(e);
    if (maxLength === undefined || e.defaultPrevented) return;
    const el = e.currentTarget;
    const kept = el.value.length - ((el.selectionEnd ?? 0) - (el.selectionStart ?? 0));
    const pasted = e.clipboardData.getData('text/plain').length;
    pasting.current = pasted > 0;
    setCut(Math.max(0, kept + pasted - maxLength));
  };
  const onChange = (e: ChangeEvent<E>) => {
    if (!pasting.current) setCut(0);
    pasting.current = false;
    handlers.onChange?.(e);
  };
  const note =
    cut > 0
      ? `The pasted text was cut: ${cut.toLocaleString()} ${cut === 1 ? 'character' : 'characters'} past the ${maxLength?.toLocaleString()} this box holds were left out.`
      : null;
  return { note, onPaste, onChange };
}

export function TextArea({
  label,
  error,
  hint,
  id,
  onPaste,
  onChange,
  ...rest
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const auto = useId();
  const fieldId = id ?? auto;
  const paste = usePasteCut(rest.maxLength, { onPaste, onChange });
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint}>
      <textarea
        id={fieldId}
        className={s.textarea}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        onPaste={paste.onPaste}
        onChange={paste.onChange}
        {...rest}
      />
      <PasteCutNote note={paste.note} />
    </FieldFrame>
  );
}

/** Where a cut paste is said, under the box. */
export function PasteCutNote({ note }: { note: string | null }) {
  if (!note) return null;
  return (
    <p role="status" className={s.hint}>
      {note}
    </p>
  );
}

export function SelectField({
  label,
  error,
  hint,
  id,
  children,
  ...rest
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint}>
      <select
        id={fieldId}
        className={s.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...rest}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

/** A TextField whose label has a default. */
export type FieldProps = Omit<Common & InputHTMLAttributes<HTMLInputElement>, 'label'> & { label?: string };

export function EmailField(props: FieldProps) {
  return <TextField label="Email" type="email" inputMode="email" autoComplete="email" {...props} />;
}

/** `fresh`: a password being chosen (the browser offers to make one), not one being recalled. */
export function PasswordField({ fresh = false, ...props }: FieldProps & { fresh?: boolean }) {
  return (
    <TextField label="Password" type="password" autoComplete={fresh ? 'new-password' : 'current-password'} {...props} />
  );
}
