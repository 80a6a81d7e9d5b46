import { useEffect, useId, useRef } from 'react';
import type { createBrowserRouter } from 'react-router';

/**
 * The browser's Back closes an open sheet or dialog and stays on the screen. Each open dialog pushes
 * a history entry of its own (same URL, the router's state copied, so the router sees no new
 * location); Back pops it and the dialog closes. Closing it by its own button steps back over that
 * entry, so no stray entry is left; an entry left behind anyway is stepped over when Back or Forward
 * reaches it.
 */

interface EntryState {
  idx?: number;
  /** How many dialog entries deep this entry is over the router's own entry. */
  sheet?: number;
  /** The dialog that pushed this entry. */
  sheetId?: string;
}

/** A place in the history: the router's index, then the dialog depth over it. */
type Place = readonly [number, number];

const placeOf = (state: EntryState | null): Place => [state?.idx ?? 0, state?.sheet ?? 0];
const isBefore = (a: Place, b: Place) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
const entry = () => window.history.state as EntryState | null;

const open = new Map<string, { at: Place; close: () => void }>();
const leaving = new Map<string, ReturnType<typeof setTimeout>>();
let last: Place = [0, 0];
let installed = false;
let navigating = () => false;

function onPopState() {
  const state = entry();
  const now = placeOf(state);
  const wentBack = isBefore(now, last);
  last = now;
  for (const dialog of [...open.values()]) if (isBefore(now, dialog.at)) dialog.close();
  if (state?.sheetId && !open.has(state.sheetId)) {
    if (wentBack) window.history.back();
    else window.history.forward();
  }
}

function install() {
  if (installed) return;
  installed = true;
  last = placeOf(entry());
  window.addEventListener('popstate', onPopState);
}

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Lets dialogs see the router: its navigations move the current place, a dialog closed while a
 * navigation is pending must not step back (that would cancel it), and a link followed from an open
 * dialog replaces the dialog's entry, so Back from there returns to the screen without it.
 */
export function connectBackCloses(router: AppRouter): () => void {
  install();
  navigating = () => router.state.navigation.state !== 'idle';
  const navigate = router.navigate;
  router.navigate = ((to: unknown, options?: object) => {
    const state = entry();
    const fromDialog = typeof to !== 'number' && state?.sheetId !== undefined && open.has(state.sheetId);
    return (navigate as (to: unknown, options?: object) => Promise<void>).call(
      router,
      to,
      fromDialog ? { ...options, replace: true } : options,
    );
  }) as AppRouter['navigate'];
  const unsubscribe = router.subscribe((state) => {
    // A Back or Forward (POP) is placed by onPopState, which must still see where it came from.
    if (state.historyAction !== 'POP') last = placeOf(entry());
  });
  return () => {
    router.navigate = navigate;
    unsubscribe();
  };
}

/** While mounted (and `enabled`), Back calls `onClose` instead of leaving the screen. */
export function useBackCloses(onClose: () => void, enabled = true): void {
  const id = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!enabled) return;
    install();
    const pending = leaving.get(id);
    if (pending !== undefined) {
      // Mounted again at once (React's strict mode): keep the entry already pushed.
      clearTimeout(pending);
      leaving.delete(id);
    } else {
      const state = entry() ?? {};
      const closing = state.sheetId;
      const stepBack = closing === undefined ? undefined : leaving.get(closing);
      if (closing !== undefined && stepBack !== undefined) {
        // Opened as another closed (a menu giving way to its report sheet): take over that entry.
        clearTimeout(stepBack);
        leaving.delete(closing);
        window.history.replaceState({ ...state, sheetId: id }, '', window.location.href);
      } else {
        const at: Place = [state.idx ?? 0, (state.sheet ?? 0) + 1];
        window.history.pushState({ ...state, sheet: at[1], sheetId: id }, '', window.location.href);
        last = at;
      }
    }
    const current = open.get(id);
    open.set(id, { at: current?.at ?? placeOf(entry()), close: () => closeRef.current() });
    return () => {
      open.delete(id);
      // Closed by its own button: step back over its entry, once whatever closed it has run.
      leaving.set(
        id,
        setTimeout(() => {
          leaving.delete(id);
          if (entry()?.sheetId === id && !navigating()) window.history.back();
        }, 0),
      );
    };
  }, [id, enabled]);
}
