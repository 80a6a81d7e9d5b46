import { useAtomValue } from 'jotai';
import {
  type Dispatch,
  type SetStateAction,
  useCallback,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { sessionAtom } from './session-state.ts';

/**
 * What a person was typing, kept per user in this tab's sessionStorage: when the session ends by
 * itself (expired, or ended from another device) the app goes to sign-in, and after signing in
 * again the text is back. Keys carry the user's id, so another person signing in on the same tab
 * never sees it; an explicit sign-out forgets that user's drafts. Nothing is kept while signed out.
 */
const PREFIX = 'cohort.draft.';
const keyOf = (userId: string, name: string) => `${PREFIX}${userId}.${name}`;

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sameKind = (a: unknown, b: unknown) => typeof a === typeof b && Array.isArray(a) === Array.isArray(b);

/** What is worth keeping: of a form, only the fields changed from `blank` (so they land on fresh defaults later); null when nothing is. */
function changes(value: unknown, blank: unknown): unknown {
  if (isFields(value) && isFields(blank)) {
    const changed = Object.entries(value).filter(([field, v]) => !same(v, blank[field]));
    return changed.length > 0 ? Object.fromEntries(changed) : null;
  }
  return same(value, blank) ? null : value;
}

/** A stored draft over `blank`; a field or value of another shape (an older app's, a hand-edited one) is dropped. */
function restore<T>(stored: unknown, blank: T): T {
  if (stored === undefined) return blank;
  if (isFields(blank)) {
    if (!isFields(stored)) return blank;
    const kept = Object.entries(stored).filter(([field, v]) => field in blank && sameKind(v, blank[field]));
    return { ...blank, ...Object.fromEntries(kept) };
  }
  return sameKind(stored, blank) ? (stored as T) : blank;
}

// Every hook showing a draft reads it from storage, so two on one draft (a sheet that remounts while
// a send is under way, say) never disagree; a write tells them all.
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// Drafts the storage refused (full, disabled) live here for the tab's life instead.
const refused = new Map<string, string>();

function stored(key: string | null): string | null {
  if (!key) return null;
  try {
    return refused.get(key) ?? globalThis.sessionStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function parse(raw: string | null): unknown {
  try {
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  refused.delete(key);
  const json = value === null ? null : JSON.stringify(value);
  try {
    if (json === null) globalThis.sessionStorage?.removeItem(key);
    else globalThis.sessionStorage?.setItem(key, json);
  } catch {
    if (json !== null) refused.set(key, json);
  }
  for (const listener of listeners) listener();
}

/** Forgets every draft of one user (an explicit sign-out: they chose to leave). */
export function clearDrafts(userId: string | null | undefined): void {
  const storage = globalThis.sessionStorage;
  if (!userId) return;
  const mine = keyOf(userId, '');
  for (const key of refused.keys()) if (key.startsWith(mine)) refused.delete(key);
  for (let i = (storage?.length ?? 0) - 1; i >= 0; i--) {
    const key = storage?.key(i);
    if (key?.startsWith(mine)) storage.removeItem(key);
  }
  for (const listener of listeners) listener();
}

function useDraftKey(name: string | null): string | null {
  const userId = useAtomValue(sessionAtom)?.id ?? null;
  return name && userId ? keyOf(userId, name) : null;
}

/** Whether the signed-in user has a draft called `name` (a screen reopens the form it belongs to). */
export function useHasDraft(name: string): boolean {
  const key = useDraftKey(name);
  return useSyncExternalStore(subscribe, () => stored(key)) !== null;
}

/**
 * State kept as the signed-in user's draft `name` (null: plain state, not kept). `blank` is what
 * is no draft: typing back to it forgets the draft. `clear` (after a send, on Cancel) forgets it.
 * Signed out, it is plain state too: nothing is written without an owner.
 */
export function useDraft<T>(name: string | null, blank: T): [T, Dispatch<SetStateAction<T>>, () => void] {
  const key = useDraftKey(name);
  const blankRef = useRef(blank);
  blankRef.current = blank;
  const [local, setLocal] = useState(blank);
  const raw = useSyncExternalStore(subscribe, () => stored(key));
  // blank is fixed per draft, so the value changes only with what is stored.
  const value = useMemo(() => (key ? restore(parse(raw), blankRef.current) : local), [key, raw, local]);
  const latest = useRef({ key, value });
  latest.current = { key, value };

  const setValue = useCallback<Dispatch<SetStateAction<T>>>((next) => {
    const { key: at, value: prev } = latest.current;
    const updated = typeof next === 'function' ? (next as (prev: T) => T)(prev) : next;
    if (at === null) return setLocal(updated);
    // Two updates in one event build on each other, as with useState.
    latest.current = { key: at, value: updated };
    write(at, changes(updated, blankRef.current));
  }, []);
  const clear = useCallback(() => {
    if (key) write(key, null);
    setLocal(blankRef.current);
  }, [key]);
  return [value, setValue, clear];
}
