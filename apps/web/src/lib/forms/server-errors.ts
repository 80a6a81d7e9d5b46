import type { ApiError } from '@cohort/api';

/** Maps the server's field names (e.g. `university_name`) onto a form's fields, keeping the first message. */
export function fieldErrorsFrom<K extends string>(error: ApiError, map: Record<string, K>): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const [serverField, field] of Object.entries(map)) {
    const message = error.fieldError(serverField);
    if (message) out[field] = message;
  }
  return out;
}
