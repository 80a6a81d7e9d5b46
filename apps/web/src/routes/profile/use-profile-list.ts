import { type Atom, useAtomValue, useSetAtom, type WritableAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { type ActionResult, idle, type Loadable } from '../../lib/result.ts';

interface ListArea<T> {
  stateAtom: Atom<Loadable<T[]>>;
  loadAtom: WritableAtom<null, [owner: string, own?: boolean], Promise<ActionResult>>;
}

/** Fetches a profile list when its tab opens (spec: the tab decides what is fetched) and offers a retry. */
export function useProfileList<T>(area: ListArea<T>, owner: string, own: boolean) {
  const raw = useAtomValue(area.stateAtom);
  const load = useSetAtom(area.loadAtom);
  const reload = useCallback(() => void load(owner, own), [load, owner, own]);
  useEffect(reload, [reload]);
  // Until the first answer for this owner arrives, nothing of another user's list may show.
  const state: Loadable<T[]> = raw.owner === owner ? raw : { ...idle<T[]>(), status: 'loading' };
  return { state, reload };
}
