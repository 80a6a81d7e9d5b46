import type { components } from '@cohort/api';
import { HttpError } from '../http-error.ts';
import type { StoreCore } from './core.ts';
import { type PersonSummary, type SearchFilters, toPerson } from './directory.ts';
import type { Areas } from './store.ts';
import type { StoredConnection, StoredSavedList } from './types.ts';

type Schemas = components['schemas'];
export type Connection = Schemas['Connection'];
export type SavedList = Schemas['SavedList'];
export type SavedListDetail = Schemas['SavedListDetail'];

/** A list holds at most this many people (the contract's `user_ids` maxItems). */
export const MAX_LIST_SIZE = 1000;

function summary(list: StoredSavedList): SavedList {
  return {
    id: list.id,
    name: list.name,
    count: list.member_ids.length,
    created_at: list.created_at,
    deleted_at: list.deleted_at,
  };
}

/** Invitations to connect, and each user's saved lists of people (with Recently Deleted). */
export class Social {
  private readonly lists: Map<number, StoredSavedList>;

  constructor(
    private readonly core: StoreCore,
    private readonly areas: Areas,
    private readonly connections: StoredConnection[],
    savedLists: StoredSavedList[],
  ) {
    this.lists = new Map(savedLists.map((l) => [l.id, l]));
  }

  allConnections(): StoredConnection[] {
    return this.connections;
  }

  allSavedLists(): StoredSavedList[] {
    return [...this.lists.values()];
  }

  // ---------- connections ----------

  /** An invitation to connect; 409 for oneself, a friend already, or an invitation still pending. */
  connect(fromId: string, toId: string): Connection {
    const from = this.areas.accounts.require(fromId);
    this.areas.accounts.require(toId);
    if (fromId === toId) throw HttpError.conflict('You cannot connect with yourself.');
    if (from.friend_ids.includes(toId)) throw HttpError.conflict('You are already connected.');
    const open = this.connections.find(
      (c) =>
        c.status === 'pending' &&
        ((c.from_user_id === fromId && c.to_user_id === toId) || (c.from_user_id === toId && c.to_user_id === fromId)),
    );
    if (open) throw HttpError.conflict('An invitation to connect is already pending.');
    const connection: Connection = {
      id: this.core.nextId('connection'),
      from_user_id: fromId,
      to_user_id: toId,
      status: 'pending',
      created_at: this.core.now().toISOString(),
    };
    this.core.touch('connection', String(connection.id));
    this.connections.push(connection);
    return connection;
  }

  // ---------- saved lists ----------

  private detail(list: StoredSavedList): SavedListDetail {
    const members: PersonSummary[] = list.member_ids.flatMap((id) => {
      const user = this.areas.accounts.find(id);
      return user ? [toPerson(user)] : [];
    });
    return { ...summary(list), members };
  }

  /** The user's list: 404 when unknown or someone else's (a list is private; its existence too). */
  private ownList(userId: string, id: number): StoredSavedList {
    const list = this.lists.get(id);
    if (!list || list.user_id !== userId) throw HttpError.notFound(`No saved list with id ${id}.`);
    return list;
  }

  listSavedLists(userId: string, deleted: boolean): SavedList[] {
    const mine = this.allSavedLists().filter((l) => l.user_id === userId && (l.deleted_at !== null) === deleted);
    const when = (l: StoredSavedList) => (deleted ? (l.deleted_at ?? '') : l.created_at);
    return mine.sort((a, b) => when(b).localeCompare(when(a)) || b.id - a.id).map(summary);
  }

  createSavedList(
    userId: string,
    input: { name: string; user_ids?: string[]; search?: SearchFilters },
  ): SavedListDetail {
    const errors: Record<string, string[]> = {};
    const name = input.name.trim();
    if (!name) errors.name = ['must not be blank'];
    (input.user_ids ?? []).forEach((id, i) => {
      if (!this.areas.accounts.find(id)) errors[`user_ids.${i}`] = [`No user with id ${id}.`];
    });
    const found = input.search ? this.areas.directory.search(input.search, userId) : [];
    if (found.length > MAX_LIST_SIZE) {
      errors.search = [`finds ${found.length} people; a list holds at most ${MAX_LIST_SIZE}. Narrow the search.`];
    }
    const member_ids = [...new Set([...(input.user_ids ?? []), ...found])];
    if (!errors.search && member_ids.length > MAX_LIST_SIZE) {
      errors.user_ids = [
        `with the search this makes ${member_ids.length} people; a list holds at most ${MAX_LIST_SIZE}.`,
      ];
    }
    if (Object.keys(errors).length > 0) throw HttpError.invalid(errors);
    const list: StoredSavedList = {
      id: this.core.nextId('saved_list'),
      user_id: userId,
      name,
      member_ids,
      created_at: this.core.now().toISOString(),
      deleted_at: null,
    };
    this.core.touch('saved_list', String(list.id));
    this.lists.set(list.id, list);
    return this.detail(list);
  }

  getSavedList(userId: string, id: number): SavedListDetail {
    return this.detail(this.ownList(userId, id));
  }

  deleteSavedList(userId: string, id: number): SavedList {
    const list = this.ownList(userId, id);
    if (list.deleted_at !== null) throw HttpError.conflict('This list is already in Recently Deleted.');
    this.core.touch('saved_list', String(id));
    list.deleted_at = this.core.now().toISOString();
    return summary(list);
  }

  restoreSavedList(userId: string, id: number): SavedList {
    const list = this.ownList(userId, id);
    if (list.deleted_at === null) throw HttpError.conflict('This list is not deleted.');
    this.core.touch('saved_list', String(id));
    list.deleted_at = null;
    return summary(list);
  }

  removeSavedListMember(userId: string, id: number, memberId: string): SavedListDetail {
    const list = this.ownList(userId, id);
    const at = list.member_ids.indexOf(memberId);
    if (at === -1) throw HttpError.notFound(`${memberId} is not in this list.`);
    this.core.touch('saved_list', String(id));
    list.member_ids.splice(at, 1);
    return this.detail(list);
  }
}
