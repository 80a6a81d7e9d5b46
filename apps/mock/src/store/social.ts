import type { components } from '@cohort/api';
import { byCodeUnits } from '../lib/compare.ts';
import { HttpError } from '../lib/http-error.ts';
import type { Accounts } from './accounts.ts';
import type { Blocks } from './blocks.ts';
import { listCollection } from './collection.ts';
import type { StoreCore } from './core.ts';
import type { Directory } from './directory.ts';
import type { SearchFilters } from './directory-index.ts';
import type { LiveEvents } from './live-events.ts';
import type { Notifications } from './notifications.ts';
import { type PersonSummary, toPerson } from './person.ts';
import { contractRecord, int, nullable, record, str, strings } from './row-schema.ts';
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

interface SocialUses {
  readonly accounts: Accounts;
  readonly blocks: Blocks;
  readonly directory: Directory;
  readonly events: LiveEvents;
  readonly notifications: Notifications;
}

export const SAVED_LISTS = listCollection({
  name: 'saved_list',
  place: { part: 'social', field: 'saved_lists', optional: true },
  item: () =>
    record({
      id: int,
      user_id: str,
      name: str,
      member_ids: strings,
      created_at: str,
      deleted_at: nullable('string'),
    }),
  read: (areas: { readonly social: Social }, key) =>
    areas.social.allSavedLists().find((item) => String(item.id) === key),
});

/** Invitations to connect, and connections. */
export const CONNECTIONS = listCollection({
  name: 'connection',
  place: { part: 'social', field: 'connections', optional: true },
  item: (doc) => contractRecord(doc, 'Connection'),
  read: (areas: { readonly social: Social }, key) =>
    areas.social.allConnections().find((item) => String(item.id) === key),
});

/** Invitations to connect, and each user's saved lists of people (with Recently Deleted). */
export class Social {
  private readonly lists: Map<number, StoredSavedList>;

  constructor(
    private readonly core: StoreCore,
    private readonly areas: SocialUses,
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

  private pendingBetween(a: string, b: string): StoredConnection | undefined {
    return this.connections.find(
      (c) =>
        c.status === 'pending' &&
        ((c.from_user_id === a && c.to_user_id === b) || (c.from_user_id === b && c.to_user_id === a)),
    );
  }

  /**
   * An invitation to connect. 409 for oneself, a person already connected, or an invitation of
   * one's own still pending; when the other person's invitation is the pending one, it is
   * accepted instead (`accepted: true`), as the invited person would have done.
   */
  connect(fromId: string, toId: string): { connection: Connection; accepted: boolean } {
    const from = this.areas.accounts.require(fromId);
    const to = this.areas.accounts.require(toId);
    if (fromId === toId) throw HttpError.conflict('You cannot connect with yourself.');
    this.areas.blocks.assertNone(fromId, toId, 'connect');
    if (from.friend_ids.includes(toId) || to.friend_ids.includes(fromId)) {
      throw HttpError.conflict('You are already connected.');
    }
    const open = this.pendingBetween(fromId, toId);
    if (open?.from_user_id === fromId) throw HttpError.conflict('An invitation to connect is already pending.');
    if (open) return { connection: this.accept(fromId, open.id), accepted: true };
    const connection: StoredConnection = {
      id: this.core.nextId('connection'),
      from_user_id: fromId,
      to_user_id: toId,
      status: 'pending',
      created_at: this.core.now().toISOString(),
      answered_at: null,
    };
    this.core.touch(CONNECTIONS, String(connection.id));
    this.connections.push(connection);
    this.areas.events.announce({ type: 'connection', connection: { ...connection } });
    this.areas.notifications.notify(toId, 'connection_invited', fromId, { connection_id: connection.id });
    return { connection, accepted: false };
  }

  /** The user's invitations, incoming or outgoing, of one status, newest first, a page at a time. */
  listConnections(
    userId: string,
    query: { direction: 'incoming' | 'outgoing'; status?: Connection['status']; before?: number; limit?: number },
  ): { data: Connection[]; meta: { has_more: boolean; next_before: number | null } } {
    const side = query.direction === 'incoming' ? 'to_user_id' : 'from_user_id';
    const other = query.direction === 'incoming' ? 'from_user_id' : 'to_user_id';
    const status = query.status ?? 'pending';
    const limit = query.limit ?? 20;
    const mine = this.connections
      .filter((c) => c[side] === userId && c.status === status && (query.before === undefined || c.id < query.before))
      .sort((a, b) => b.id - a.id);
    const page = mine.slice(0, limit).flatMap((c) => {
      const person = this.areas.accounts.find(c[other]);
      return person ? [{ ...c, person: toPerson(person) }] : [];
    });
    const hasMore = mine.length > limit;
    return { data: page, meta: { has_more: hasMore, next_before: hasMore ? (mine[limit - 1]?.id ?? null) : null } };
  }

  /**
   * The pending invitation `id` on the user's side of it (`to`: the invited, `from`: the inviter):
   * 404 when there is none (someone else's invitation is not even confirmed to exist), 409 once answered.
   */
  private pendingOwn(userId: string, id: number, side: 'from_user_id' | 'to_user_id'): StoredConnection {
    const connection = this.connections.find((c) => c.id === id && c[side] === userId);
    if (!connection) throw HttpError.notFound(`No invitation to connect with id ${id}.`);
    if (connection.status !== 'pending') throw HttpError.conflict(`This invitation was already ${connection.status}.`);
    return connection;
  }

  private answer(connection: StoredConnection, status: Connection['status']): Connection {
    this.core.touch(CONNECTIONS, String(connection.id));
    connection.status = status;
    connection.answered_at = this.core.now().toISOString();
    this.areas.events.announce({ type: 'connection', connection: { ...connection } });
    return connection;
  }

  /** The invited person accepts: both are connected at once. */
  accept(userId: string, id: number): Connection {
    const connection = this.pendingOwn(userId, id, 'to_user_id');
    const { accounts } = this.areas;
    accounts.befriend(accounts.require(connection.from_user_id), accounts.require(connection.to_user_id));
    this.areas.notifications.notify(connection.from_user_id, 'connection_accepted', userId, {
      connection_id: connection.id,
    });
    return this.answer(connection, 'accepted');
  }

  decline(userId: string, id: number): Connection {
    return this.answer(this.pendingOwn(userId, id, 'to_user_id'), 'declined');
  }

  /** The inviter takes back an invitation that is still pending. */
  withdraw(userId: string, id: number): Connection {
    return this.answer(this.pendingOwn(userId, id, 'from_user_id'), 'withdrawn');
  }

  /** Either side ends a connection: both friend lists lose the other; 404 when they are not connected. */
  removeConnection(userId: string, otherId: string): void {
    const { accounts } = this.areas;
    const me = accounts.require(userId);
    const other = accounts.find(otherId);
    if (!other || !accounts.unfriend(me, other)) throw HttpError.notFound(`You are not connected with ${otherId}.`);
    const accepted = this.connections
      .filter(
        (c) =>
          c.status === 'accepted' &&
          ((c.from_user_id === userId && c.to_user_id === otherId) ||
            (c.from_user_id === otherId && c.to_user_id === userId)),
      )
      .at(-1);
    if (accepted) {
      this.answer(accepted, 'removed');
      return;
    }
    // A connection from the seed has no invitation: its end is recorded (and told) as one.
    const now = this.core.now().toISOString();
    const ended: StoredConnection = {
      id: this.core.nextId('connection'),
      from_user_id: userId,
      to_user_id: otherId,
      status: 'removed',
      created_at: now,
      answered_at: now,
    };
    this.core.touch(CONNECTIONS, String(ended.id));
    this.connections.push(ended);
    this.areas.events.announce({ type: 'connection', connection: { ...ended } });
  }

  /**
   * A block ends everything open between the two: their connection (both friend lists), and the
   * invitations to connect still pending either way (the blocker's withdrawn, the other's declined).
   */
  endBetween(blockerId: string, otherId: string): void {
    const { accounts } = this.areas;
    const other = accounts.find(otherId);
    const connected = other?.friend_ids.includes(blockerId) || accounts.require(blockerId).friend_ids.includes(otherId);
    if (connected) this.removeConnection(blockerId, otherId);
    const open = this.pendingBetween(blockerId, otherId);
    if (open) this.answer(open, open.from_user_id === blockerId ? 'withdrawn' : 'declined');
  }

  /**
   * A deleted account: its connections end on both sides, its pending invitations are withdrawn
   * or declined, its saved lists go, and it leaves everyone else's lists.
   */
  forgetUser(userId: string): void {
    const { accounts } = this.areas;
    for (const friendId of [...accounts.require(userId).friend_ids]) {
      if (accounts.find(friendId)) this.removeConnection(userId, friendId);
    }
    for (const c of this.connections) {
      if (c.status !== 'pending' || (c.from_user_id !== userId && c.to_user_id !== userId)) continue;
      this.answer(c, c.from_user_id === userId ? 'withdrawn' : 'declined');
    }
    for (const list of [...this.lists.values()]) {
      if (list.user_id === userId) {
        this.core.touch(SAVED_LISTS, String(list.id));
        this.lists.delete(list.id);
      } else if (list.member_ids.includes(userId)) {
        this.core.touch(SAVED_LISTS, String(list.id));
        list.member_ids.splice(list.member_ids.indexOf(userId), 1);
      }
    }
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
    return mine.sort((a, b) => byCodeUnits(when(b), when(a)) || b.id - a.id).map(summary);
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
    this.core.touch(SAVED_LISTS, String(list.id));
    this.lists.set(list.id, list);
    return this.detail(list);
  }

  getSavedList(userId: string, id: number): SavedListDetail {
    return this.detail(this.ownList(userId, id));
  }

  deleteSavedList(userId: string, id: number): SavedList {
    const list = this.ownList(userId, id);
    if (list.deleted_at !== null) throw HttpError.conflict('This list is already in Recently Deleted.');
    this.core.touch(SAVED_LISTS, String(id));
    list.deleted_at = this.core.now().toISOString();
    return summary(list);
  }

  restoreSavedList(userId: string, id: number): SavedList {
    const list = this.ownList(userId, id);
    if (list.deleted_at === null) throw HttpError.conflict('This list is not deleted.');
    this.core.touch(SAVED_LISTS, String(id));
    list.deleted_at = null;
    return summary(list);
  }

  removeSavedListMember(userId: string, id: number, memberId: string): SavedListDetail {
    const list = this.ownList(userId, id);
    const at = list.member_ids.indexOf(memberId);
    if (at === -1) throw HttpError.notFound(`${memberId} is not in this list.`);
    this.core.touch(SAVED_LISTS, String(id));
    list.member_ids.splice(at, 1);
    return this.detail(list);
  }
}
