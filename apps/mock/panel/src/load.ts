import { useCallback, useEffect, useState } from 'react';
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
