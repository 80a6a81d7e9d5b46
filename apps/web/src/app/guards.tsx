import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../config/paths.ts';
import { isSignedInAtom } from '../lib/auth.ts';
import { useLiveUpdates } from './use-live-updates.ts';

// Its own chunk: /login does not load the call screen.
const CallOverlay = lazy(async () => ({
  default: (await import('../features/calls/components/CallOverlay.tsx')).CallOverlay,
}));

/** Every main-app screen: to /login when no signed-in user info exists. */
export function RequireSignedIn() {
  const signedIn = useAtomValue(isSignedInAtom);
  const location = useLocation();
  if (!signedIn) return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
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

/** The login and signup screens: to /profile when already signed in. */
export function RedirectIfSignedIn() {
  const signedIn = useAtomValue(isSignedInAtom);
  if (signedIn) return <Navigate to={paths.profile} replace />;
  return <Outlet />;
}
