import { paths } from '../../config/paths.ts';

/** The chat of one group; the id travels in the URL so a reload or a shared link opens the same chat. */
export const chatInboxPath = (channelId: string) => `${paths.chatInbox}?id=${encodeURIComponent(channelId)}`;

/** The profile of one group. */
export const groupProfilePath = (channelId: string) => `${paths.groupProfile}?id=${encodeURIComponent(channelId)}`;
