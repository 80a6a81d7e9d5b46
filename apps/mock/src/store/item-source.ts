import type { ClubEntry, Direction, Interest, Note, Owned, StoredExperience } from './types.ts';

/** The profile lists: each user's notes, clubs, interests, directions and education. */
export const PROFILE_COLLECTIONS = ['note', 'club', 'interest', 'direction', 'experience'] as const;
export type ProfileCollection = (typeof PROFILE_COLLECTIONS)[number];

export interface ProfileItems {
  note: Owned<Note>;
  club: Owned<ClubEntry>;
  interest: Owned<Interest>;
  direction: Owned<Direction>;
  experience: StoredExperience;
}

/**
 * Where a store that does not hold a kind of item in memory reads it on demand: only what has been
 * committed (a transaction's own changes live in the store until they commit). The Node adapter
 * reads SQLite (`--data`); a browser build may hold everything in memory and pass none.
 */
export interface ItemSource<T> {
  /** The user's items, in id order. */
  ofUser(userId: string): T[];
  /** Who owns the item, or undefined when there is none with that id. */
  ownerOf(id: number): string | undefined;
  /** Every item, in id order (a full snapshot or a rebuild of the directory: rare). */
  all(): T[];
  /** Up to `limit` items with ids above `id`, in id order: `all` a slice at a time. */
  after(id: number, limit: number): T[];
}

export type ProfileSource = { [K in ProfileCollection]: ItemSource<ProfileItems[K]> };
