import type { Friend } from '@cohort/api';
import { useCallback, useRef, useState } from 'react';
import { fromQuery } from '@/lib/loadable.ts';
import { useApi } from '@/lib/query.ts';
import type { Loadable } from '@/lib/result.ts';

/**
 * GET /users/me/friends (the whole body is the list), read when a screen first asks for it
 * (`load`, e.g. on opening a drawer) or already cached by another screen. `load` after an error
 * asks again (Retry).
 */
export function useFriends(): Loadable<Friend[]> & { load: () => void } {
  const [wanted, setWanted] = useState(false);
  const query = useApi().useQuery('get', '/api/v1/users/me/friends', undefined, { enabled: wanted });
  const state = useRef({ wanted, refetch: query.refetch });
  state.current = { wanted, refetch: query.refetch };
  const load = useCallback(() => {
    if (!state.current.wanted) setWanted(true);
    else void state.current.refetch();
  }, []);
  const loadable = fromQuery(query, (list) => list);
  if (!wanted && query.data === undefined) return { status: 'idle', data: undefined, error: null, owner: null, load };
  return { ...loadable, load };
}
