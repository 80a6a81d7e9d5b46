import type { ApiError, Schemas } from '@cohort/api';
import { atom, type Getter } from 'jotai';
import { apiClientAtom } from './api-client.ts';
import { clearDrafts } from './drafts.ts';
import { queryClientAtom, queryKey } from './query.ts';
import { type ActionResult, fail, ok } from './result.ts';
import { clearStoredSession, readStoredSession, type StoredSession, writeStoredSession } from './session.ts';
import { sessionAtom, setSessionAtom } from './session-state.ts';

export { isSignedInAtom, rememberUserIdAtom, sessionAtom } from './session-state.ts';

export type LoginInput = Schemas['LoginRequest'];
export type RegisterInput = Schemas['RegisterRequest'];

/** Signs in, keeps the token, then reads users/me for the id (the id is kept in local storage too). */
export const signInAtom = atom(null, async (get, set, input: LoginInput): Promise<ActionResult> => {
  const api = get(apiClientAtom);
  const login = await api.POST('/api/v1/login', { body: input });
  if (login.error) return fail(login.error);
  const session: StoredSession = { token: login.data.data.access_token, id: null };
  writeStoredSession(session);
  const me = await api.GET('/api/v1/users/me');
  if (me.error) {
    // Without the user the app cannot show anything: undo the half-made session and say why.
    clearStoredSession();
    return fail(me.error);
  }
  const full: StoredSession = { ...session, id: me.data.data.id };
  writeStoredSession(full);
  // The profile's users/me query starts from this answer.
  get(queryClientAtom).setQueryData(queryKey('/api/v1/users/me'), me.data);
  set(setSessionAtom, full);
  return ok(undefined);
});

/** Creates the account and waits for the answer; the caller goes to /login on success (a failure must show on the form, so never fire-and-forget). */
export const registerAtom = atom(null, async (get, _set, input: RegisterInput): Promise<ActionResult> => {
  const result = await get(apiClientAtom).POST('/api/v1/register', { body: input });
  return result.error ? fail(result.error) : ok(undefined);
});

/** Every per-user area, so nothing of one user survives into the next sign-in in the same tab. */
function clearState(get: Getter): void {
  // Server data of every kind lives in the query cache: nothing of it outlives the session.
  get(queryClientAtom).clear();
}

/**
 * Log out in this order: clear the state, call the server (the token is still stored, so the
 * call is authenticated), then remove the stored token. A failed server call still signs out here.
 */
export const signOutAtom = atom(null, async (get, set): Promise<ActionResult> => {
  const api = get(apiClientAtom);
  clearDrafts(get(sessionAtom)?.id);
  set(sessionNoticeBaseAtom, null);
  clearState(get);
  set(setSessionAtom, null);
  const result = await api.POST('/api/v1/logout');
  clearStoredSession();
  return result.error ? fail(result.error) : ok(undefined);
});

const sessionNoticeBaseAtom = atom<string | null>(null);
/** Why the last session ended without the user asking (shown on the sign-in screen), or null. */
export const sessionNoticeAtom = atom((get) => get(sessionNoticeBaseAtom));
const endedUserBaseAtom = atom<string | null>(null);
/** Whose session ended by itself: only they are taken back to where it ended. */
export const endedUserIdAtom = atom((get) => get(endedUserBaseAtom));
export const dismissSessionNoticeAtom = atom(null, (_get, set) => set(sessionNoticeBaseAtom, null));

/**
 * A 401 on an authenticated call: the session is gone (expired or revoked); the route guards then
 * go to /login, which says why. Drafts are kept, so what the user was typing is back after sign-in.
 */
export const sessionEndedAtom = atom(null, (get, set, error?: ApiError) => {
  const ended = get(sessionAtom) ?? readStoredSession();
  if (ended) {
    set(endedUserBaseAtom, ended.id);
    const expired = /expired/i.test(error?.message ?? '');
    set(
      sessionNoticeBaseAtom,
      expired
        ? 'Your session has expired. Sign in again to carry on; what you were typing is kept.'
        : 'You were signed out. Sign in again to carry on; what you were typing is kept.',
    );
  }
  clearStoredSession();
  clearState(get);
  set(setSessionAtom, null);
});

/**
 * The server already ended every session (the account was deleted): forget it here without a
 * logout call, and say why on the sign-in screen the guards go to.
 */
export const accountClosedAtom = atom(null, (get, set, notice: string) => {
  clearDrafts(get(sessionAtom)?.id);
  clearStoredSession();
  clearState(get);
  set(sessionNoticeBaseAtom, notice);
  set(setSessionAtom, null);
});
