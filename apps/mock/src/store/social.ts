import type { components } from '@cohort/api';
import type { RawAccess } from './store.ts';

type Schemas = components['schemas'];

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

/** The directory, saved-list and group-management state (#6). Plain data, so it serialises for `--data`. */
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

/** The social state, created (and its parts filled in) when an older `--data` file lacks them. */
export function socialOf(raw: RawAccess): SocialState {
  raw.state.social ??= emptySocialState();
  const social = raw.state.social;
  const defaults = emptySocialState();
  for (const key of Object.keys(defaults) as (keyof SocialState)[]) {
    if (social[key] === undefined) Object.assign(social, { [key]: defaults[key] });
  }
  return social;
}

/** The next free id of a list whose items are never hard-deleted. */
export function nextId(items: readonly { id: number }[]): number {
  let max = 0;
  for (const item of items) if (item.id > max) max = item.id;
  return max + 1;
}
