import type { Schemas } from '@cohort/api';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { apiClientAtom } from '../../state/api.ts';

const MIN_QUERY = 2;
const DEBOUNCE_MS = 250;
const PAGE = 20;

/** Everyone in the directory matching `query` (users/search), debounced; friends come from their own list. */
export function usePeopleSearch(query: string, exclude: ReadonlySet<string>) {
  const api = useAtomValue(apiClientAtom);
  const [people, setPeople] = useState<Schemas['PersonSummary'][]>([]);
  const [status, setStatus] = useState<'idle' | 'loading' | 'ready' | 'error'>('idle');
  const q = query.trim();

  useEffect(() => {
    if (q.length < MIN_QUERY) {
      setPeople([]);
      setStatus('idle');
      return;
    }
    let cancelled = false;
    setStatus('loading');
    const timer = setTimeout(() => {
      void api.GET('/api/v1/users/search', { params: { query: { q, per_page: PAGE } } }).then((r) => {
        if (cancelled) return;
        if (r.error) {
          setStatus('error');
          return;
        }
        setPeople(r.data.data.data);
        setStatus('ready');
      });
    }, DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [api, q]);

  return { people: people.filter((p) => !exclude.has(p.id)), status };
}
