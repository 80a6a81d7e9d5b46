import type { Schemas } from '@cohort/api';
import type { QueryClient } from '@tanstack/react-query';

type Person = Pick<Schemas['PersonSummary'], 'id' | 'first_name' | 'last_name' | 'profile_image'>;
const FIELDS = ['first_name', 'last_name', 'profile_image'] as const;

/** `value` with every record of `person` (an object with their id and a name or photo) carrying their new name and photo. */
function patched(value: unknown, person: Person): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v) => {
      const next = patched(v, person);
      if (next !== v) changed = true;
      return next;
    });
    return changed ? out : value;
  }
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  let out: Record<string, unknown> | null = null;
  for (const [key, v] of Object.entries(record)) {
    const next = patched(v, person);
    if (next !== v) {
      out ??= { ...record };
      out[key] = next;
    }
  }
  if (record.id === person.id && ('profile_image' in record || 'first_name' in record)) {
    for (const field of FIELDS) {
      if (record[field] !== person[field]) {
        out ??= { ...record };
        out[field] = person[field];
      }
    }
  }
  return out ?? value;
}

/**
 * A person's new name or photo written into every cached read that shows them (members, chat
 * lists, search results, friends, connections, notifications, profiles) in place, without a
 * refetch; reads left untouched keep their identity, so nothing else re-renders.
 */
export function patchPerson(qc: QueryClient, person: Person): void {
  for (const query of qc.getQueryCache().getAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    const next = patched(data, person);
    if (next !== data) qc.setQueryData(query.queryKey, next);
  }
}
