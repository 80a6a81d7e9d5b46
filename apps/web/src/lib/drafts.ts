import { useCallback, useEffect, useState } from 'react';
import { readStoredSession } from './session.ts';

/**
 * What the user was typing, kept in this tab's sessionStorage per signed-in user: when the session
 * expires mid-sentence the app goes back to sign-in, and after signing in again the note or the
 * message is still there. Another user signing in on the same tab never sees it.
 */
const PREFIX = 'cohort.draft.';
const keyOf = (name: string) => `${PREFIX}${readStoredSession()?.id ?? 'anonymous'}.${name}`;

export function readDraft<T>(name: string, fallback: T): T {
  try {
    const raw = globalThis.sessionStorage?.getItem(keyOf(name));
    if (raw === null || raw === undefined) return fallback;
    const value: unknown = JSON.parse(raw);
    // Only a value of the fallback's own shape is trusted (an old or foreign value is dropped).
    if (typeof value !== typeof fallback || (typeof value === 'object' && (value === null || Array.isArray(value)))) {
      return fallback;
    }
    return typeof fallback === 'object' && fallback !== null ? { ...fallback, ...(value as object) } : (value as T);
  } catch {
    return fallback;
  }
}

export function hasDraft(name: string): boolean {
  return globalThis.sessionStorage?.getItem(keyOf(name)) != null;
}

export function writeDraft(name: string, value: unknown): void {
  try {
    globalThis.sessionStorage?.setItem(keyOf(name), JSON.stringify(value));
  } catch {
    // Storage full or disabled: the draft is simply not kept.
  }
}

export function clearDraft(name: string): void {
  globalThis.sessionStorage?.removeItem(keyOf(name));
}

/** Forgets every draft of the signed-in user (an explicit Log out: they chose to leave). */
export function clearAllDrafts(): void {
  const storage = globalThis.sessionStorage;
  if (!storage) return;
  const mine = `${PREFIX}${readStoredSession()?.id ?? 'anonymous'}.`;
  for (let i = storage.length - 1; i >= 0; i--) {
    const key = storage.key(i);
    if (key?.startsWith(mine)) storage.removeItem(key);
  }
}

/** A string state kept as a draft: empty clears it. */
export function useDraftText(name: string): [string, (value: string) => void] {
  const [text, setText] = useState(() => readDraft(name, ''));
  useEffect(() => {
    if (text) writeDraft(name, text);
    else clearDraft(name);
  }, [name, text]);
  const set = useCallback((value: string) => setText(value), []);
  return [text, set];
}
