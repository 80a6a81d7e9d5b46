import { useCallback, useMemo, useState } from 'react';
import { useDraft } from '../drafts.ts';
import { type Errors, type FieldRules, isValid, type Values, validate } from './validation.ts';

/**
 * Validates on every change, so a message goes as soon as the input is fixed. A field's message shows once the field was changed or a
 * submit was tried, so an untouched form is not covered in red; server field errors show until edited.
 * With `draft`, the values are kept as that draft (see drafts.ts) until `discard`.
 */
export function useForm<V extends Values>(
  schema: Record<keyof V, FieldRules>,
  initial: V,
  options: { draft?: string } = {},
) {
  const [values, setValues, discard] = useDraft<V>(options.draft ?? null, initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors<V>>({});

  const errors = useMemo(() => validate(schema, values), [schema, values]);

  const setValue = useCallback(
    (field: keyof V, value: string) => {
      setValues((v) => ({ ...v, [field]: value }));
      setTouched((t) => ({ ...t, [field]: true }));
      setServerErrors((e) => ({ ...e, [field]: undefined }));
    },
    [setValues],
  );

  const visibleError = (field: keyof V): string | undefined =>
    (touched[field] || submitted ? errors[field] : undefined) ?? serverErrors[field];

  /** What a text, select or textarea field of `field` takes: its name, value, change handler and message. */
  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
    error: visibleError(name),
  });

  /** Marks a submit attempt; returns whether the values may be sent. */
  const trySubmit = (): boolean => {
    setSubmitted(true);
    return isValid(errors);
  };

  return {
    values,
    errors,
    setValue,
    visibleError,
    field,
    trySubmit,
    valid: isValid(errors),
    setServerErrors: (e: Errors<V>) => setServerErrors(e),
    /** Forgets the draft (sent, or the form was closed on purpose). */
    discard,
    reset: () => {
      setValues(initial);
      setTouched({});
      setSubmitted(false);
      setServerErrors({});
    },
  };
}
