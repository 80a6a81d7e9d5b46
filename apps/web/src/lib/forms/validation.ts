/** A form's values by field name, and the first message of each field that fails its rules. */
export type Values = Record<string, string>;
export type Errors<V extends Values> = Partial<Record<keyof V, string>>;

/** A rule returns true when the value is acceptable; the field's message is shown otherwise. */
export type Rule = (value: string, values: Values) => boolean;

export interface FieldRules {
  rules: Rule[];
  message: string;
}

export const required: Rule = (v) => v.trim().length > 0;
export const minLength =
  (n: number): Rule =>
  (v) =>
    v.trim().length >= n;
export const maxLength =
  (n: number): Rule =>
  (v) =>
    v.length <= n;
export const equalsField =
  (other: string): Rule =>
  (v, values) =>
    v === values[other];
// The shape the contract's `format: email` accepts in practice: something@domain.tld, no spaces.
export const email: Rule = (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim());

export function validate<V extends Values>(schema: Record<keyof V, FieldRules>, values: V): Errors<V> {
  const errors: Errors<V> = {};
  for (const field of Object.keys(schema) as (keyof V)[]) {
    const { rules, message } = schema[field];
    if (!rules.every((rule) => rule(values[field] ?? '', values))) errors[field] = message;
  }
  return errors;
}

export const isValid = <V extends Values>(errors: Errors<V>) => Object.keys(errors).length === 0;
