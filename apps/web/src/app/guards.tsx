import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../config/paths.ts';
import { endedUserIdAtom, isSignedInAtom, sessionAtom, sessionNoticeAtom } from '../lib/auth.ts';
import { useLiveUpdates } from './use-live-updates.ts';

// Its own chunk: /login does not load the call screen.
const CallOverlay = lazy(async () => ({
  default: (await import('../features/calls/components/CallOverlay.tsx')).CallOverlay,
}));

/** Where /login sends the person once signed in: `from`, when `user` (whose session ended there) signs in again. */
interface LoginState {
  from?: string;
  user?: string | null;
}

/**
 * Every main-app screen: to /login when no signed-in user info exists. A session that ended by
 * itself (expired, ended from another device) remembers the URL, sheet and all, to come back to.
 */
export function RequireSignedIn() {
  const signedIn = useAtomValue(isSignedInAtom);
  const endedBySelf = useAtomValue(sessionNoticeAtom) !== null;
  const endedUser = useAtomValue(endedUserIdAtom);
  const location = useLocation();
  if (!signedIn) {
    const from = location.pathname + location.search + location.hash;
    const state: LoginState = endedBySelf ? { from, user: endedUser } : {};
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <SignedIn />;
}

/** The signed-in part of the app: its screens, with the tab's live updates running and calls over any screen. */
function SignedIn() {
  useLiveUpdates();
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <CallOverlay />
      </Suspense>
    </>
  );
}

/** An in-app path to go back to: absolute, not another origin (`//host`), not a sign-in screen again. */
function returnPath(from: unknown): string | null {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  const path = from.split(/[?#]/)[0];
  return path === paths.login || path === paths.signup ? null : from;
}

/**
 * The login and signup screens: when signed in, the same person goes back where their ended session
 * was, anyone else to /profile. The one place that leaves sign-in, so the form's own navigation cannot race it.
 */
export function RedirectIfSignedIn() {
  const session = useAtomValue(sessionAtom);
  const state = useLocation().state as LoginState | null;
  if (!session) return <Outlet />;
  const back = state?.user && state.user === session.id ? returnPath(state.from) : null;
  return <Navigate to={back ?? paths.profile} replace />;
}
