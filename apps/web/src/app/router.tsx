import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { AppShell } from './AppShell.tsx';
import { RedirectIfSignedIn, RequireSignedIn } from './guards.tsx';
import { RouteError } from './RouteError.tsx';
import { ScreenLoading } from './ScreenLoading.tsx';

// Each screen is its own chunk, so /login loads only the shell and the sign-in form.
const screen = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    // Shown while the first screen's chunk loads.
    hydrateFallbackElement: <ScreenLoading />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          {
            element: <RedirectIfSignedIn />,
            children: [
              { path: paths.login, lazy: screen(() => import('./routes/login.tsx')) },
              { path: paths.signup, lazy: screen(() => import('./routes/signup.tsx')) },
              { path: paths.forgotPassword, lazy: screen(() => import('./routes/forgot-password.tsx')) },
            ],
          },
          // Opened from a mailed link, signed in or not (the reset ends every session anyway).
          { path: paths.resetPassword, lazy: screen(() => import('./routes/reset-password.tsx')) },
          {
            element: <RequireSignedIn />,
            children: [
              { index: true, element: <Navigate to={paths.contacts} replace /> },
              { path: paths.profile, lazy: screen(() => import('./routes/profile.tsx')) },
              {
                path: paths.otherProfile,
                lazy: screen(() => import('./routes/other-profile.tsx')),
              },
              { path: paths.contacts, lazy: screen(() => import('./routes/contacts.tsx')) },
              { path: paths.savedLists, lazy: screen(() => import('./routes/saved-lists.tsx')) },
              { path: paths.group, lazy: screen(() => import('./routes/group.tsx')) },
              { path: paths.chats, lazy: screen(() => import('./routes/chats.tsx')) },
              { path: paths.chatInbox, lazy: screen(() => import('./routes/chat-inbox.tsx')) },
              {
                path: paths.groupProfile,
                lazy: screen(() => import('./routes/group-profile.tsx')),
              },
              { path: paths.otherGroup, lazy: screen(() => import('./routes/other-group.tsx')) },
              { path: paths.notifications, lazy: screen(() => import('./routes/notifications.tsx')) },
              { path: paths.connections, lazy: screen(() => import('./routes/invitations.tsx')) },
              { path: paths.settings, lazy: screen(() => import('./routes/settings.tsx')) },
              { path: paths.nearby, lazy: screen(() => import('./routes/nearby.tsx')) },
              { path: paths.blockedPeople, lazy: screen(() => import('./routes/blocked-people.tsx')) },
              { path: paths.calls, lazy: screen(() => import('./routes/calls.tsx')) },
              { path: paths.newsFeed, lazy: screen(() => import('./routes/news-feed.tsx')) },
              // Spec: any other path of the main app is the contacts screen.
              { path: '*', lazy: screen(() => import('./routes/contacts.tsx')) },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  // Under the demo's base path (`DEMO_BASE=/cohort/`) the routes sit below it. BASE_URL is a build
  // constant, so the normal build (base '/') folds this to the plain call.
  const base = import.meta.env.BASE_URL;
  return base === '/'
    ? createBrowserRouter(routes)
    : createBrowserRouter(routes, { basename: base.replace(/\/$/, '') });
}
