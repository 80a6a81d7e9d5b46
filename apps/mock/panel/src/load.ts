import { useCallback, useEffect, useRef, useState } from 'react';
import { CallError } from './api.ts';

export const message = (error: unknown) =>
  error instanceof CallError || error instanceof Error ? error.message : String(error);

export function useLoad<T>(load: () => Promise<T>) {
  const [data, setData] = useState<T | undefined>();
  const [error, setError] = useState<string | undefined>();
  const reload = useCallback(() => {
    load().then(
      (value) => {
        setData(value);
        setError(undefined);
      },
      (e: unknown) => setError(message(e)),
    );
  }, [load]);
  useEffect(reload, [reload]);
  return { data, error, reload };
}

/** Loads again as the journal's newest entry moves (a request may have changed what is shown), at most every 2 s. */
export function useReloadOn(newest: number, reload: () => void) {
  const lastLoad = useRef(Date.now());
  // biome-ignore lint/correctness/useExhaustiveDependencies: newest is the trigger, not read
  useEffect(() => {
    const timer = setTimeout(
      () => {
        lastLoad.current = Date.now();
        reload();
      },
      Math.max(0, lastLoad.current + 2000 - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [newest, reload]);
}
