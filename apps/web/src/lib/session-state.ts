import { atom } from 'jotai';
import { readStoredSession, type StoredSession, writeStoredSession } from './session.ts';

/**
 * The session as atoms (shared by every feature; the sign-in and sign-out actions live in
 * state/userAuth.ts).
 */
// `undefined` = not read yet: the stored session is read lazily so each store (and test) sees localStorage as it is.
const sessionBaseAtom = atom<StoredSession | null | undefined>(undefined);

export const sessionAtom = atom((get) => {
  const session = get(sessionBaseAtom);
  return session === undefined ? readStoredSession() : session;
});

/** Only the session's own actions write it. */
export const setSessionAtom = atom(null, (_get, set, session: StoredSession | null) => set(sessionBaseAtom, session));

export const isSignedInAtom = atom((get) => get(sessionAtom) !== null);

/** users/me said who is signed in: the stored session keeps that id (the id is kept in local storage). */
export const rememberUserIdAtom = atom(null, (get, set, id: string) => {
  const session = get(sessionAtom);
  if (!session || session.id === id) return;
  const next = { ...session, id };
  writeStoredSession(next);
  set(sessionBaseAtom, next);
});
