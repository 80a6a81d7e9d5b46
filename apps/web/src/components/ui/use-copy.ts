import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { showToastAtom } from './toast-state.ts';

/** Copies text to the clipboard and says so (or why not) in a toast. */
export function useCopy() {
  const toast = useSetAtom(showToastAtom);
  return useCallback(
    async (value: string, done: string) => {
      try {
        await navigator.clipboard.writeText(value);
        toast({ tone: 'success', text: done });
      } catch {
        toast({ tone: 'error', text: 'Could not copy: the browser refused clipboard access.' });
      }
    },
    [toast],
  );
}
