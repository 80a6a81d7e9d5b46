import type { components } from '@cohort/api';

type Schemas = components['schemas'];
export type User = Schemas['User'];
export type PublicUser = Schemas['PublicUser'];
export type Friend = Schemas['Friend'];
export type Note = Schemas['Note'];
export type ClubEntry = Schemas['ClubEntry'];
export type Interest = Schemas['Interest'];
export type Direction = Schemas['Direction'];
export type Experience = Schemas['Experience'];
export type University = Schemas['University'];
export type Channel = Schemas['Channel'];
export type Message = Schemas['Message'];
export type SavedMessage = Schemas['SavedMessage'];
export type ResourceKind = Schemas['ResourceKind'];
export type ResourceItem = Schemas['ResourceItem'];
export type ResourcePage = Schemas['ResourcePage'];

/**
 * A request body declared with `anyOf` as one object with every field any alternative has, each
 * optional: openapi-typescript makes such a body a union whose members cannot be read field by field.
 * The contract's validation has already made sure one alternative holds.
 */
export type AnyOfFields<U> = {
  [K in U extends unknown ? keyof U : never]?: Exclude<
    U extends unknown ? (K extends keyof U ? U[K] : never) : never,
    undefined
  >;
};

export const RESOURCE_KINDS = [
  'Club',
  'Position',
  'Direction',
  'Interest',
  'University',
  'Major',
  'Program',
  'Degree',
  'Graduation',
  'Industry',
  'Company',
  'Location',
  'Tag',
] as const satisfies readonly ResourceKind[];

/**
 * A user as the store keeps it: the contract's User plus what the directory filters and
 * auth need. Plain data, so the whole state serialises to JSON for `--data`.
 */
export interface StoredUser extends User {
  /** `scrypt$salt$hash`; null for seeded users, who share one password hashed once per start. */
  password_hash: string | null;
  university_id: number | null;
  major: string | null;
  company: string | null;
  industry: string | null;
  desired_industry: string | null;
  location: string | null;
  last_seen_at: string;
  friend_ids: string[];
}

export type Owned<T> = T & { user_id: string };

export interface StoredExperience {
  id: number;
  user_id: string;
  university_id: number;
  concern: string;
  degree: string;
  year: number;
}

export interface StoredChannel extends Omit<Channel, 'member_count'> {
  parent_id: string | null;
  is_public: boolean;
  is_open: boolean;
  expires_year: number | null;
  created_by: string;
  created_at: string;
  /** The newest message's time (or creation), for "most recently active first". */
  last_activity_at: string;
}

export interface SavedMessageRecord {
  id: number;
  user_id: string;
  channel_id: string;
  message_id: string;
  saved_at: string;
}

export interface TokenRecord {
  user_id: string;
  created_at: string;
  /** Written back at most hourly; the token expires a lifetime after it (sliding). */
  last_used_at?: string;
}

/** A resource as stored: `pending_by` lists who typed a name not yet shown in the public list. */
export type StoredResource = ResourceItem & { pending_by?: string[] };

/** The counters every state file has had; later ones may be absent and are filled in on load. */
export const FIRST_COUNTERS = [
  'note',
  'club',
  'interest',
  'direction',
  'experience',
  'resource',
  'saved_message',
] as const;

/** Every integer id comes from its counter in `next_id` (the one id scheme; never max+1). */
export const COUNTERS = [
  ...FIRST_COUNTERS,
  'report',
  'event',
  'saved_list',
  'connection',
  'channel_invite',
  'notification',
  'block',
  'post_report',
] as const;
export type Counter = (typeof COUNTERS)[number];

export type Report = Schemas['Report'];
export type CalendarEvent = Schemas['CalendarEvent'];

export interface StoredReport extends Report {
  user_id: string;
  channel_id: string;
}

export interface StoredEvent extends CalendarEvent {
  user_id: string;
}

/** The chat part of the state: pins, read marks, mutes, reports and calendar events. */
export interface ChatState {
  /** Channel id → its pinned message id. */
  pins: Record<string, string>;
  /** User id → channel id → how many of the channel's messages (oldest first) the user has read. */
  read: Record<string, Record<string, number>>;
  /** User id → the channel ids the user muted. */
  muted: Record<string, string[]>;
  reports: StoredReport[];
  events: StoredEvent[];
  /** Files from before the one id scheme kept these counters here; read once into `next_id`. */
  next_report_id?: number;
  next_event_id?: number;
}

export function emptyChatState(): ChatState {
  return { pins: {}, read: {}, muted: {}, reports: [], events: [] };
}

export interface StoredSavedList {
  id: number;
  user_id: string;
  name: string;
  /** In the order they were saved. */
  member_ids: string[];
  created_at: string;
  deleted_at: string | null;
}

/** `channel_name` is read from the channel when the invite is shown, so a rename shows up. */
export type StoredChannelInvite = Omit<Schemas['ChannelInvite'], 'channel_name'>;
export type StoredConnection = Schemas['Connection'];

export type NotificationKind = Schemas['Notification']['kind'];

/** A notification as stored: whose it is, and the ids its text and target are read from when shown. */
export interface StoredNotification {
  id: number;
  user_id: string;
  kind: NotificationKind;
  actor_id: string | null;
  created_at: string;
  read_at: string | null;
  connection_id: number | null;
  channel_id: string | null;
  invite_id: number | null;
  message_id: string | null;
  /** The call of a `call_missed` notification (absent in older files and for other kinds). */
  call_id?: string | null;
  /** The post of a `post_liked` or `post_commented` notification (absent for other kinds). */
  post_id?: string | null;
}

/** One person blocking another (`blockUser`): in force until `unblockUser` deletes it. */
export interface StoredBlock {
  id: number;
  /** The blocker. */
  blocker_id: string;
  /** The blocked person. */
  user_id: string;
  created_at: string;
}

/** A call as stored: the contract's Call without the viewer's `direction` and `person`. */
export type StoredCall = Omit<Schemas['Call'], 'direction' | 'person'>;

/** A post as stored: its author, the ids of who liked it (the count and `liked_by_me` derive from them). */
export interface StoredPost {
  id: string;
  user_id: string;
  text: string;
  images: Schemas['PostImage'][];
  link: string | null;
  /** The group it was written in; null: the author's connections. */
  channel_id: string | null;
  liked_by: string[];
  created_at: string;
}

export interface StoredComment {
  id: string;
  post_id: string;
  user_id: string;
  text: string;
  created_at: string;
}

export type StoredPostReport = Schemas['PostReport'] & { user_id: string };

/** A story as stored; `seeded` ones are re-dated at load (their age at the seed's reference time kept). */
export interface StoredStory {
  id: string;
  user_id: string;
  kind: 'image' | 'text';
  image: Schemas['PostImage'] | null;
  text: string | null;
  background: string | null;
  created_at: string;
  seen_by: string[];
  seeded?: boolean;
}

/** Posts, their comments and reports, and stories. */
export interface FeedState {
  posts: StoredPost[];
  comments: StoredComment[];
  reports: StoredPostReport[];
  stories: StoredStory[];
}

/** An uploaded file as stored: who uploaded it, and the names of its files under `/media/<id>/`. */
export interface StoredMedia {
  id: string;
  user_id: string;
  use: Schemas['MediaUse'];
  name: string;
  size: number;
  mime: string;
  file_type: 1 | 2;
  width?: number;
  height?: number;
  /** `original` is the bytes as uploaded; images also have `thumb`, avatars `avatar` (both WebP). */
  files: { original: string; thumb?: string; avatar?: string };
  created_at: string;
}

/** Seeded timestamps are relative to this fixed instant, so a seed gives byte-identical data on any day. */
export const SEED_REF_DATE = new Date('2026-11-20T12:00:00.000Z');

export const emptyFeedState = (): FeedState => ({ posts: [], comments: [], reports: [], stories: [] });

/** A shared position, already rounded to the 0.01° grid; sharing ends at `expires_at`. */
export interface StoredLocation {
  latitude: number;
  longitude: number;
  expires_at: string;
}

/** A request to set a new password, keyed by the hash of its single-use token. */
export interface StoredPasswordReset {
  user_id: string;
  created_at: string;
  used_at: string | null;
}

/** Saved lists, connections, group invites, follows and inactive groups. */
export interface SocialState {
  saved_lists: StoredSavedList[];
  connections: StoredConnection[];
  channel_invites: StoredChannelInvite[];
  /** User id → ids of the groups they follow. */
  following: Record<string, string[]>;
  /** User id → ids of the groups they set inactive (Inactive Groups). */
  inactive: Record<string, string[]>;
}

export function emptySocialState(): SocialState {
  return { saved_lists: [], connections: [], channel_invites: [], following: {}, inactive: {} };
}

/** Everything the mock knows; `--data` writes exactly this as JSON. */
export interface State {
  version: 1;
  seed: number;
  users: StoredUser[];
  resources: Record<ResourceKind, ResourceItem[]>;
  notes: Owned<Note>[];
  clubs: Owned<ClubEntry>[];
  interests: Owned<Interest>[];
  directions: Owned<Direction>[];
  experiences: StoredExperience[];
  channels: StoredChannel[];
  /** Channel id → its messages, oldest first. */
  messages: Record<string, Message[]>;
  saved_messages: SavedMessageRecord[];
  /** sha256(token) → session; the raw token is never stored. */
  tokens: Record<string, TokenRecord>;
  /** Counters added after a file was written are filled in on load (see `fillCounters`). */
  next_id: Record<Counter, number>;
  /** Pins, read marks, mutes, reports and calendar events; absent in older `--data` files. */
  chat?: ChatState;
  /** sha256(reset token) → the request; absent in older `--data` files. */
  password_resets?: Record<string, StoredPasswordReset>;
  /** What happened to each user; absent in older `--data` files. */
  notifications?: StoredNotification[];
  /** User id → their privacy and notification settings, for users who changed one; absent in older `--data` files. */
  settings?: Record<string, Schemas['Settings']>;
  /** User id → their shared position (Find People Nearby); absent in older `--data` files. */
  locations?: Record<string, StoredLocation>;
  /** Call history; absent in older `--data` files. */
  calls?: StoredCall[];
  /** Posts, comments, post reports and stories; absent in older `--data` files. */
  feed?: FeedState;
  /** Who blocked whom; absent in older `--data` files and while nobody has blocked anyone. */
  blocks?: StoredBlock[];
  /** Saved lists, connections, group invites, follows and inactive groups; absent in older `--data` files. */
  social?: SocialState;
  /** Uploaded files (their rows; the bytes are in a folder beside the data file); absent in older `--data` files. */
  media?: StoredMedia[];
}
