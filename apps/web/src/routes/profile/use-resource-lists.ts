import type { ResourceKind } from '@cohort/api';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { loadResourceAtom, resourcesAtom } from '../../state/userData.ts';
import type { PickerList, PickerListType } from '../../ui/picker/picker-rules.ts';

export interface ListSpec {
  type: PickerListType;
  kind: ResourceKind;
  label: string;
}

/** The picker's lists from the resource endpoint, loaded when the picker opens. */
export function useResourceLists(specs: readonly ListSpec[]) {
  const all = useAtomValue(resourcesAtom);
  const loadResource = useSetAtom(loadResourceAtom);
  const load = useCallback(() => {
    for (const spec of specs) void loadResource(spec.kind);
  }, [specs, loadResource]);
  const states = specs.map((spec) => all[spec.kind]);
  const lists: PickerList[] = specs.map((spec) => ({
    type: spec.type,
    label: spec.label,
    items: all[spec.kind]?.data ?? [],
  }));
  const loading = states.some((s) => !s || s.status === 'loading' || s.status === 'idle');
  const failed = states.find((s) => s?.status === 'error');
  return {
    lists,
    loading,
    loadError: failed ? `Could not load the lists: ${failed.error?.message ?? 'unknown error'}` : null,
    load,
  };
}
