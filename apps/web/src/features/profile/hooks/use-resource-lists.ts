import type { ResourceKind } from '@cohort/api';
import { useCallback, useMemo, useState } from 'react';
import type { PickerList, PickerListType } from '@/components/ui/picker/picker-rules.ts';
import { useResourceQueries } from '@/lib/resources.ts';

export interface ListSpec {
  type: PickerListType;
  kind: ResourceKind;
  label: string;
}

/** The picker's lists from the resource endpoint, loaded when the picker opens (`onOpen`; `onRetryLoad` after an error), as the Picker's props. */
export function useResourceLists(specs: readonly ListSpec[]) {
  const [wanted, setWanted] = useState(false);
  const kinds = useMemo(() => specs.map((spec) => spec.kind), [specs]);
  const { states, reload } = useResourceQueries(kinds, wanted);
  const lists: PickerList[] = specs.map((spec, i) => ({
    type: spec.type,
    label: spec.label,
    items: states[i]?.data ?? [],
  }));
  const loading = states.some((s) => s.status === 'loading');
  const failed = states.find((s) => s.status === 'error');
  const load = useCallback(() => (wanted ? reload() : setWanted(true)), [wanted, reload]);
  // The Picker's own props: spread them into it.
  return {
    lists,
    loading: !wanted || loading,
    loadError: failed ? `Could not load the lists: ${failed.error?.message ?? 'unknown error'}` : null,
    onOpen: load,
    onRetryLoad: load,
  };
}
