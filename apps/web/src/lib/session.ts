/** The signed-in session as kept in localStorage (key `userInfo`, holding the token and the user's id). */
export interface StoredSession {
  token: string;
  id: string | null;
}

export const SESSION_KEY = 'userInfo';

export function readStoredSession(): StoredSession | null {
  try {
    const raw = globalThis.localStorage?.getItem(SESSION_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { token, id } = value as Record<string, unknown>;
    if (typeof token !== 'string' || token === '') return null;
    return { token, id: typeof id === 'string' ? id : null };
  } catch {
    // A corrupt value is treated as signed out rather than crashing the app.
    return null;
  }
}

export function writeStoredSession(session: StoredSession): void {
  globalThis.localStorage?.setItem(SESSION_KEY, JSON.stringify(session));
}

export function clearStoredSession(): void {
  globalThis.localStorage?.removeItem(SESSION_KEY);
}

/** The bearer token for the API client: read on every request so a cleared session stops sending it. */
export function readToken(): string | null {
  return readStoredSession()?.token ?? null;
}
