import { type Accounts, TOKENS, USERS } from './accounts.ts';
import { BLOCKS, type Blocks } from './blocks.ts';
import { type Calendar, EVENTS } from './calendar.ts';
import { CALLS, type Calls } from './calls.ts';
import { CHANNELS, type Channels, FOLLOWING, INACTIVE } from './channels.ts';
import { type Chat, MESSAGES, MUTED, PINS, READ, REPORTS, SAVED_MESSAGES } from './chat.ts';
import type { CollectionSpec } from './collection.ts';
import { ID_COUNTERS, META, type StoreRows } from './counters.ts';
import type { Directory } from './directory.ts';
import { CHANNEL_INVITES, type Invites } from './invites.ts';
import type { LiveEvents } from './live-events.ts';
import { MEDIA, type MediaLibrary } from './media.ts';
import { LOCATIONS, type Nearby } from './nearby.ts';
import { NOTIFICATIONS, type Notifications } from './notifications.ts';
import { PASSWORD_RESETS, type PasswordResets } from './password-resets.ts';
import { POST_REPORTS } from './post-reports.ts';
import { COMMENTS, POSTS, type Posts } from './posts.ts';
import { PROFILE_ITEMS, type Profile } from './profile.ts';
import { RESOURCES, type Resources } from './resources.ts';
import { SETTINGS, type SettingsArea } from './settings.ts';
import { CONNECTIONS, SAVED_LISTS, type Social } from './social.ts';
import { STORIES, type Stories } from './stories.ts';

/** The store's areas, each owning its part of the state and its indexes; they reach each other only through methods. */
export interface Areas {
  readonly accounts: Accounts;
  readonly resources: Resources;
  readonly profile: Profile;
  readonly channels: Channels;
  readonly invites: Invites;
  readonly chat: Chat;
  /** Every area's changes as live events, once they commit: what the live streams relay. */
  readonly events: LiveEvents;
  readonly calendar: Calendar;
  readonly social: Social;
  readonly directory: Directory;
  readonly notifications: Notifications;
  readonly passwordResets: PasswordResets;
  readonly blocks: Blocks;
  readonly settings: SettingsArea;
  readonly nearby: Nearby;
  readonly calls: Calls;
  readonly media: MediaLibrary;
  readonly posts: Posts;
  readonly stories: Stories;
}

/**
 * Every collection, each declared beside the area that owns it, in the order a new `--data` file
 * holds their rows (users in seed order, messages oldest first). Persistence, rollbacks and the
 * state schema go through this list.
 */
export const COLLECTION_SPECS: readonly CollectionSpec<Areas & StoreRows>[] = [
  META,
  ID_COUNTERS,
  USERS,
  TOKENS,
  RESOURCES,
  ...Object.values(PROFILE_ITEMS),
  CHANNELS,
  MESSAGES,
  SAVED_MESSAGES,
  PINS,
  READ,
  MUTED,
  REPORTS,
  EVENTS,
  NOTIFICATIONS,
  BLOCKS,
  SETTINGS,
  LOCATIONS,
  CALLS,
  POSTS,
  COMMENTS,
  POST_REPORTS,
  STORIES,
  PASSWORD_RESETS,
  MEDIA,
  SAVED_LISTS,
  CONNECTIONS,
  CHANNEL_INVITES,
  FOLLOWING,
  INACTIVE,
];

const BY_NAME = new Map(COLLECTION_SPECS.map((spec) => [spec.name, spec]));

/** The collection of that name (undefined: none, as in a file from a newer mock). */
export const collectionNamed = (name: string) => BY_NAME.get(name);
