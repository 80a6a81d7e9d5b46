import { useCallback, useState } from 'react';

/** The chat's Select mode: which messages are chosen, and how to start, toggle and end it. */
export function useSelection() {
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const start = useCallback((id: string) => {
    setSelecting(true);
    setSelected(new Set([id]));
  }, []);
  const toggle = useCallback(
    (id: string) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const end = useCallback(() => {
    setSelecting(false);
    setSelected(new Set());
  }, []);
  return { selecting, selected, start, toggle, end };
}
