/** Every route path of the app, in one place. */
export const paths = {
  login: '/login',
  signup: '/signup',
  contacts: '/contacts',
  savedLists: '/savedlists',
  profile: '/profile',
  group: '/group',
  chats: '/chats',
  otherProfile: '/otherProfile',
  otherGroup: '/otherGroup',
  chatInbox: '/chatInbox',
  groupProfile: '/group-profile',
  notifications: '/notifications',
  connections: '/connections',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  settings: '/settings',
  nearby: '/nearby',
  blockedPeople: '/blocked-people',
  calls: '/calls',
  newsFeed: '/news-feed',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Screens without the bottom tab bar. */
export const pathsWithoutTabBar: readonly string[] = [
  paths.login,
  paths.signup,
  paths.chatInbox,
  paths.forgotPassword,
  paths.resetPassword,
];

/** Link to another user's read-only profile. */
export function otherProfilePath(userId: string): string {
  return `${paths.otherProfile}?id=${encodeURIComponent(userId)}`;
}

/** The chat of one group; the id travels in the URL so a reload or a shared link opens the same chat. */
export const chatInboxPath = (channelId: string) => `${paths.chatInbox}?id=${encodeURIComponent(channelId)}`;

/** The profile of one group. */
export const groupProfilePath = (channelId: string) => `${paths.groupProfile}?id=${encodeURIComponent(channelId)}`;

/** One post's comments, over the News Feed (a like or comment notification leads here). */
export const postPath = (postId: string) => `${paths.newsFeed}?post=${encodeURIComponent(postId)}`;
