import { useAtomValue } from 'jotai';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../config/paths.ts';
import { isSignedInAtom } from '../lib/auth.ts';
import { useLiveUpdates } from './use-live-updates.ts';

/** Every main-app screen: to /login when no signed-in user info exists (spec section 2). */
export function RequireSignedIn() {
  const signedIn = useAtomValue(isSignedInAtom);
  const location = useLocation();
  if (!signedIn) return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  return <SignedIn />;
}

/** The signed-in part of the app: its screens, with the tab's live updates running. */
function SignedIn() {
  useLiveUpdates();
  return <Outlet />;
}

/** The login and signup screens: to /profile when already signed in. */
export function RedirectIfSignedIn() {
  const signedIn = useAtomValue(isSignedInAtom);
  if (signedIn) return <Navigate to={paths.profile} replace />;
  return <Outlet />;
}
