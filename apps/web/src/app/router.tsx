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
              { path: paths.login, lazy: screen(() => import('../routes/login/LoginScreen.tsx')) },
              { path: paths.signup, lazy: screen(() => import('../routes/signup/SignupScreen.tsx')) },
              { path: paths.forgotPassword, lazy: screen(() => import('./routes/ForgotPasswordScreen.tsx')) },
            ],
          },
          // Opened from a mailed link, signed in or not (the reset ends every session anyway).
          { path: paths.resetPassword, lazy: screen(() => import('./routes/ResetPasswordScreen.tsx')) },
          {
            element: <RequireSignedIn />,
            children: [
              { index: true, element: <Navigate to={paths.contacts} replace /> },
              { path: paths.profile, lazy: screen(() => import('../routes/profile/ProfileScreen.tsx')) },
              {
                path: paths.otherProfile,
                lazy: screen(() => import('../routes/otherProfile/ConnectorScreen.tsx')),
              },
              { path: paths.contacts, lazy: screen(() => import('../routes/contacts/ContactsScreen.tsx')) },
              { path: paths.savedLists, lazy: screen(() => import('../routes/savedlists/SavedListsScreen.tsx')) },
              { path: paths.group, lazy: screen(() => import('../routes/group/GroupScreen.tsx')) },
              { path: paths.chats, lazy: screen(() => import('../routes/chats/ChatsScreen.tsx')) },
              { path: paths.chatInbox, lazy: screen(() => import('../routes/chatInbox/ChatInboxScreen.tsx')) },
              {
                path: paths.groupProfile,
                lazy: screen(() => import('../routes/group-profile/GroupProfileScreen.tsx')),
              },
              { path: paths.otherGroup, lazy: screen(() => import('../routes/otherGroup/OtherGroupScreen.tsx')) },
              { path: paths.notifications, lazy: screen(() => import('./routes/NotificationsScreen.tsx')) },
              { path: paths.connections, lazy: screen(() => import('./routes/InvitationsScreen.tsx')) },
              // Spec: any other path of the main app is the contacts screen.
              { path: '*', lazy: screen(() => import('../routes/contacts/ContactsScreen.tsx')) },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
