import { hash } from 'node:crypto';
import { MockClock } from '../clock.ts';
import { HttpError } from '../http-error.ts';
import { newToken, randomId } from '../ids.ts';
import { OwnedItems, strip } from './owned-items.ts';
import { type Collection, type Row, resourceKey, writeRow } from './rows.ts';
import type {
  Channel,
  ClubEntry,
  Counter,
  Direction,
  Experience,
  Friend,
  Interest,
  Message,
  Note,
  Owned,
  PublicUser,
  ResourceItem,
  ResourceKind,
  ResourcePage,
  SavedMessage,
  SavedMessageRecord,
  State,
  StoredChannel,
  StoredExperience,
  StoredResource,
  StoredUser,
  TokenRecord,
  User,
} from './types.ts';

/** Where committed changes go (`--data`): the rows a transaction changed, or a whole new state. */
export interface Persistence {
  /** The rows one transaction changed (`value` undefined: removed); throws if they could not be kept. */
  commit(rows: Row[]): void;
  /** Everything replaced (`/__mock/reset`). */
  replace(state: State): void;
}

export interface StoreOptions {
  /** Receives each transaction's changes before the response is sent (`--data` persists here). */
  persistence?: Persistence;
  /** The mock's one clock (token expiry, rate windows; `/__mock/clock` moves it); a new one by default. */
  clock?: MockClock;
  /** Reads the time instead of `clock` (tests). */
  now?: () => Date;
  /** How long a token lives after its last use (sliding); default 30 days. */
  tokenTtlMs?: number;
}

export const DEFAULT_TOKEN_TTL_MS = 30 * 24 * 3600_000;
/**
 * A token's last use is written back at most this often (and at most every tenth of its lifetime,
 * so a short `--token-ttl` still slides), so a read does not rewrite `--data`.
 */
const TOKEN_TOUCH_MS = 3600_000;
/** A university name typed at registration or in an experience is listed once this many accounts use it. */
export const UNIVERSITY_LISTING_THRESHOLD = 3;

/** What a bearer token is worth right now. */
export type TokenState = { user: StoredUser } | 'expired' | undefined;

export interface NewUser {
  email: string;
  password_hash: string;
  university_name: string;
  graduation_year: number;
  first_name?: string | undefined;
  last_name?: string | undefined;
}

export type UserPatch = Partial<
  Pick<User, 'first_name' | 'last_name' | 'phone' | 'program' | 'description' | 'profile_image' | 'emails'>
>;

export interface ChannelDraft {
  name: string;
  description: string;
  tags: number[];
  is_closed: boolean;
  users: string[];
  parent_id?: string | null | undefined;
  is_public?: boolean | undefined;
  is_open?: boolean | undefined;
  expires_year?: number | null | undefined;
  is_direct?: boolean | undefined;
}

/** What a transaction changed: each touched row's value before it, and what runs once it commits. */
interface Transaction {
  before: Map<string, Row>;
  after: (() => void)[];
}

export interface RawAccess {
  state: State;
  /** Channel id → channel; holds the same objects as the snapshot's `channels`. */
  channels: Map<string, StoredChannel>;
  now: () => Date;
}

export interface MessagePage {
  data: Message[];
  meta: { has_more: boolean; next_before: string | null };
}

// Tokens are stored hashed; node's one-shot hash skips the Hash object createHash builds per request.
const hashToken = (token: string) => hash('sha256', token, 'base64url');
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** All mock state, in memory, with the operations the routes need. Plain data underneath (see `State`). */
export class Store {
  private state!: State;
  private users!: Map<string, StoredUser>;
  private usersByEmail!: Map<string, StoredUser>;
  private notes!: OwnedItems<Owned<Note>>;
  private clubs!: OwnedItems<Owned<ClubEntry>>;
  private interests!: OwnedItems<Owned<Interest>>;
  private directions!: OwnedItems<Owned<Direction>>;
  private experiences!: OwnedItems<StoredExperience>;
  private channels!: Map<string, StoredChannel>;
  private readonly now: () => Date;
  /** What `/__mock/clock` moves; `now` reads it unless the options gave their own `now`. */
  readonly clock: MockClock;
  /** Bumped when what the directory search indexes changes (users, their clubs and interests). */
  private directoryRevision = 0;
  /** The users changed since the index last caught up; null when it must be rebuilt (load, a new user). */
  private directoryChanged: Set<string> | null = null;
  private tx: Transaction | undefined;

  constructor(
    state: State,
    private readonly options: StoreOptions = {},
  ) {
    this.clock = options.clock ?? new MockClock();
    this.now = options.now ?? this.clock.now;
    this.load(state);
  }

  /** Replaces everything (start-up from `--data`, `POST /__mock/reset`). */
  load(state: State): void {
    this.state = state;
    this.users = new Map(state.users.map((u) => [u.id, u]));
    this.usersByEmail = new Map(state.users.map((u) => [u.email.toLowerCase(), u]));
    this.notes = new OwnedItems('note', state.notes, (id) => this.touch('note', String(id)));
    this.clubs = new OwnedItems('club', state.clubs, (id) => this.touch('club', String(id)));
    this.interests = new OwnedItems('interest', state.interests, (id) => this.touch('interest', String(id)));
    this.directions = new OwnedItems('direction', state.directions, (id) => this.touch('direction', String(id)));
    this.experiences = new OwnedItems('experience', state.experiences, (id) => this.touch('experience', String(id)));
    this.channels = new Map(state.channels.map((c) => [c.id, c]));
    this.touchDirectory(null);
  }

  reset(state: State): void {
    this.load(state);
    this.options.persistence?.replace(this.snapshot());
  }

  /** The state as plain JSON-able data. */
  snapshot(): State {
    return {
      ...this.state,
      users: [...this.users.values()],
      notes: this.notes.all(),
      clubs: this.clubs.all(),
      interests: this.interests.all(),
      directions: this.directions.all(),
      experiences: this.experiences.all(),
      channels: [...this.channels.values()],
    };
  }

  /** Changes whenever the directory's search index must be rebuilt (see `store/directory.ts`). */
  get directoryVersion(): number {
    return this.directoryRevision;
  }

  /** Hands the directory index the users changed since it last asked (null: rebuild it all). */
  takeDirectoryChanges(): Set<string> | null {
    const changed = this.directoryChanged;
    this.directoryChanged = new Set();
    return changed;
  }

  private touchDirectory(userId: string | null): void {
    this.directoryRevision++;
    if (userId === null) this.directoryChanged = null;
    else this.directoryChanged?.add(userId);
  }

  // ---------- transactions ----------

  /**
   * Runs `fn` as one transaction: every row it changes commits together, once (persistence gets
   * them in one batch before the caller answers), or, if `fn` throws, none of them does and the
   * state is as it was. Nested calls join the outer transaction. An async `fn` commits what it
   * changed before its first `await`; what it changes after that needs its own `transact`.
   */
  transact<T>(fn: () => T): T {
    if (this.tx) return fn();
    const tx: Transaction = { before: new Map(), after: [] };
    this.tx = tx;
    let out: T;
    try {
      out = fn();
      if (tx.before.size > 0) this.options.persistence?.commit(this.changedRows(tx));
    } catch (error) {
      this.tx = undefined;
      if (tx.before.size > 0) this.rollback(tx);
      throw error;
    }
    this.tx = undefined;
    for (const run of tx.after) run();
    return out;
  }

  /**
   * Records that a row is about to change: call it before changing the row. A change outside a
   * transaction is a bug (it would never be persisted), so it throws.
   */
  touch(collection: Collection, key: string): void {
    const tx = this.tx;
    if (!tx) throw new Error(`store: ${collection} ${key} changed outside a transaction (wrap it in store.transact)`);
    const id = `${collection}\u0000${key}`;
    if (!tx.before.has(id)) tx.before.set(id, { collection, key, value: structuredClone(this.row(collection, key)) });
  }

  /** Runs `fn` once the current transaction has committed (at once outside one); never after a rollback. */
  afterCommit(fn: () => void): void {
    if (this.tx) this.tx.after.push(fn);
    else fn();
  }

  private changedRows(tx: Transaction): Row[] {
    return [...tx.before.values()].map(({ collection, key }) => ({
      collection,
      key,
      value: this.row(collection, key),
    }));
  }

  /** Puts back every row the failed transaction touched, then rebuilds the indexes (only failures pay this). */
  private rollback(tx: Transaction): void {
    const state = this.snapshot();
    for (const row of tx.before.values()) writeRow(state, row);
    this.load(state);
  }

  /** A row's current value (undefined when it does not exist), read from wherever the store keeps it. */
  row(collection: Collection, key: string): unknown {
    const { state } = this;
    const find = <T extends { id: unknown }>(list: T[] | undefined) => list?.find((item) => String(item.id) === key);
    const part = (k: string) => k.slice(k.indexOf('/') + 1);
    switch (collection) {
      case 'meta':
        return key === 'seed' ? state.seed : undefined;
      case 'counters':
        if (key === 'next_id') return state.next_id;
        return state.chat
          ? { next_report_id: state.chat.next_report_id, next_event_id: state.chat.next_event_id }
          : undefined;
      case 'user':
        return this.users.get(key);
      case 'token':
        return state.tokens[key];
      case 'resource': {
        const kind = key.slice(0, key.indexOf('/')) as ResourceKind;
        const id = part(key);
        return state.resources[kind]?.find((r) => String(r.id) === id);
      }
      case 'note':
        return this.notes.get(Number(key));
      case 'club':
        return this.clubs.get(Number(key));
      case 'interest':
        return this.interests.get(Number(key));
      case 'direction':
        return this.directions.get(Number(key));
      case 'experience':
        return this.experiences.get(Number(key));
      case 'channel':
        return this.channels.get(key);
      case 'message': {
        const id = part(key);
        return state.messages[key.slice(0, key.indexOf('/'))]?.findLast((m) => m.id === id);
      }
      case 'saved_message':
        return find(state.saved_messages);
      case 'pin':
        return state.chat?.pins[key];
      case 'read':
        return state.chat?.read[key];
      case 'muted':
        return state.chat?.muted[key];
      case 'report':
        return find(state.chat?.reports);
      case 'event':
        return find(state.chat?.events);
      case 'saved_list':
        return find(state.social?.saved_lists);
      case 'connection':
        return find(state.social?.connections);
      case 'channel_invite':
        return find(state.social?.channel_invites);
      case 'following':
        return state.social?.following[key];
      case 'inactive':
        return state.social?.inactive[key];
    }
  }

  /** Raw access for store modules kept in their own files (chat, groups); `touch` a row before changing it. */
  get raw(): RawAccess {
    return { state: this.state, channels: this.channels, now: this.now };
  }

  private nextId(counter: Counter): number {
    this.touch('counters', 'next_id');
    const id = this.state.next_id[counter];
    this.state.next_id[counter] = id + 1;
    return id;
  }

  private timestamp(): string {
    return this.now().toISOString();
  }

  // ---------- users and sessions ----------

  get userCount(): number {
    return this.users.size;
  }

  /** The first users in seed order (the demo account first). */
  firstUsers(count: number): StoredUser[] {
    return this.state.users.slice(0, count);
  }

  findUser(id: string): StoredUser | undefined {
    return this.users.get(id);
  }

  requireUser(id: string): StoredUser {
    const user = this.users.get(id);
    if (!user) throw HttpError.notFound(`No user with id ${id}.`);
    return user;
  }

  findUserByEmail(email: string): StoredUser | undefined {
    return this.usersByEmail.get(email.toLowerCase());
  }

  createUser(input: NewUser): StoredUser {
    if (this.findUserByEmail(input.email)) {
      throw HttpError.conflict('The email has already been taken.', { email: ['The email has already been taken.'] });
    }
    const id = randomId('usr');
    const university = this.findOrCreateResource('University', input.university_name, id);
    const now = this.timestamp();
    const local = input.email.split('@')[0] ?? '';
    const user: StoredUser = {
      id,
      email: input.email,
      first_name: input.first_name ?? local,
      last_name: input.last_name ?? '',
      profile_image: null,
      description: null,
      phone: null,
      program: null,
      university: university.name,
      graduation_year: input.graduation_year,
      emails: [],
      created_at: now,
      updated_at: now,
      password_hash: input.password_hash,
      university_id: university.id,
      major: null,
      company: null,
      industry: null,
      desired_industry: null,
      location: null,
      last_seen_at: now,
      friend_ids: [],
    };
    this.touch('user', user.id);
    this.state.users.push(user);
    this.users.set(user.id, user);
    this.usersByEmail.set(user.email.toLowerCase(), user);
    this.touchDirectory(null);
    return user;
  }

  updateUser(id: string, patch: UserPatch): StoredUser {
    const user = this.requireUser(id);
    this.touch('user', id);
    Object.assign(user, patch, { updated_at: this.timestamp() });
    this.touchDirectory(id);
    return user;
  }

  /** Seconds a fresh token lives without use (`expires_in` of sign-in and registration). */
  get tokenTtlSeconds(): number {
    return Math.floor((this.options.tokenTtlMs ?? DEFAULT_TOKEN_TTL_MS) / 1000);
  }

  issueToken(userId: string): string {
    const token = newToken();
    const record: TokenRecord = { user_id: userId, created_at: this.timestamp() };
    const key = hashToken(token);
    this.touch('token', key);
    this.state.tokens[key] = record;
    const user = this.users.get(userId);
    if (user) {
      this.touch('user', userId);
      user.last_seen_at = record.created_at;
    }
    return token;
  }

  userForToken(token: string): StoredUser | undefined {
    const state = this.tokenState(token);
    return typeof state === 'object' ? state.user : undefined;
  }

  /**
   * The token's user while it lives: a token expires `tokenTtlMs` after its last use (sliding).
   * An expired token is forgotten, and reported as such once so the 401 can say why.
   */
  tokenState(token: string): TokenState {
    const key = hashToken(token);
    const record = this.state.tokens[key];
    if (!record) return undefined;
    const now = this.now().getTime();
    const lastUsed = Date.parse(record.last_used_at ?? record.created_at);
    const ttl = this.options.tokenTtlMs ?? DEFAULT_TOKEN_TTL_MS;
    // Called while authenticating, before (and outside) the request's own transaction.
    if (now - lastUsed > ttl) {
      this.transact(() => {
        this.touch('token', key);
        delete this.state.tokens[key];
      });
      return 'expired';
    }
    if (now - lastUsed > Math.min(TOKEN_TOUCH_MS, ttl / 10)) {
      this.transact(() => {
        this.touch('token', key);
        record.last_used_at = new Date(now).toISOString();
      });
    }
    const user = this.users.get(record.user_id);
    return user ? { user } : undefined;
  }

  revokeToken(token: string): void {
    const key = hashToken(token);
    this.touch('token', key);
    delete this.state.tokens[key];
  }

  // ---------- resources ----------

  listResources(kind: ResourceKind, q: string | undefined, page: number, perPage: number): ResourcePage {
    const needle = q?.trim().toLowerCase();
    // Names people typed are listed only once enough accounts use them (see findOrCreateResource).
    const all = this.state.resources[kind].filter((item) => !(item as StoredResource).pending_by);
    const matches = needle ? all.filter((item) => item.name.toLowerCase().includes(needle)) : all;
    const start = (page - 1) * perPage;
    return {
      data: matches.slice(start, start + perPage),
      current_page: page,
      per_page: perPage,
      total: matches.length,
      last_page: Math.max(1, Math.ceil(matches.length / perPage)),
    };
  }

  findResource(kind: ResourceKind, id: number): ResourceItem | undefined {
    return this.state.resources[kind].find((item) => item.id === id);
  }

  /**
   * The item of that name (case-insensitive), created when there is none. A name a user typed is
   * kept for that user but stays out of the public list (`pending_by`) until
   * UNIVERSITY_LISTING_THRESHOLD accounts use it, so one account cannot publish free text to
   * everyone (a real backend would moderate it).
   */
  findOrCreateResource(kind: ResourceKind, name: string, typedBy?: string): ResourceItem {
    const list = this.state.resources[kind];
    const found = list.find((item) => sameName(item.name, name)) as StoredResource | undefined;
    if (found) {
      if (found.pending_by && typedBy && !found.pending_by.includes(typedBy)) {
        this.touch('resource', resourceKey(kind, found.id));
        found.pending_by.push(typedBy);
        if (found.pending_by.length >= UNIVERSITY_LISTING_THRESHOLD) delete found.pending_by;
      }
      return found;
    }
    const item: StoredResource = { id: this.nextId('resource'), name: name.trim() };
    if (typedBy) item.pending_by = [typedBy];
    this.touch('resource', resourceKey(kind, item.id));
    list.push(item);
    return item;
  }

  // ---------- profile items ----------

  listNotes(userId: string): Note[] {
    this.requireUser(userId);
    return this.notes
      .listFor(userId)
      .sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id)
      .map(strip);
  }

  addNote(userId: string, input: Omit<Note, 'id'>): Note {
    const note = this.notes.addOwn({ id: this.nextId('note'), user_id: userId, ...input });
    return strip(note);
  }

  deleteNote(userId: string, id: number): Note {
    const note = this.notes.removeOwn(userId, id);
    return strip(note);
  }

  listClubs(userId: string): ClubEntry[] {
    this.requireUser(userId);
    return this.clubs.listFor(userId).map(strip);
  }

  addClub(userId: string, input: Omit<ClubEntry, 'id'>): ClubEntry {
    const club = this.clubs.addOwn({ id: this.nextId('club'), user_id: userId, ...input });
    this.touchDirectory(userId);
    return strip(club);
  }

  detachClub(userId: string, id: number): ClubEntry {
    const club = this.clubs.removeOwn(userId, id);
    this.touchDirectory(userId);
    return strip(club);
  }

  listInterests(userId: string): Interest[] {
    this.requireUser(userId);
    return this.interests.listFor(userId).map(strip);
  }

  addInterest(userId: string, name: string): Interest {
    if (this.interests.listFor(userId).some((i) => sameName(i.name, name))) {
      throw HttpError.conflict('You already have this interest.', { name: ['You already have this interest.'] });
    }
    const interest = this.interests.addOwn({
      id: this.nextId('interest'),
      user_id: userId,
      name,
      prefixed_id: randomId('int'),
    });
    this.touchDirectory(userId);
    return strip(interest);
  }

  detachInterest(userId: string, id: number): Interest {
    const interest = this.interests.removeOwn(userId, id);
    this.touchDirectory(userId);
    return strip(interest);
  }

  listDirections(userId: string): Direction[] {
    this.requireUser(userId);
    return this.directions.listFor(userId).map(strip);
  }

  addDirection(userId: string, name: string): Direction {
    if (this.directions.listFor(userId).some((d) => sameName(d.name, name))) {
      throw HttpError.conflict('You already have this direction.', { name: ['You already have this direction.'] });
    }
    const direction = this.directions.addOwn({ id: this.nextId('direction'), user_id: userId, name, position: null });
    return strip(direction);
  }

  detachDirection(userId: string, id: number): Direction {
    const direction = this.directions.removeOwn(userId, id);
    return strip(direction);
  }

  listExperiences(userId: string): Experience[] {
    this.requireUser(userId);
    return this.experiences
      .listFor(userId)
      .sort((a, b) => b.year - a.year || b.id - a.id)
      .map((e) => this.toExperience(e));
  }

  addExperience(
    userId: string,
    input: { uni_name: string; concern: string; degree: string; year: number },
  ): Experience {
    const university = this.findOrCreateResource('University', input.uni_name, userId);
    const stored = this.experiences.addOwn({
      id: this.nextId('experience'),
      user_id: userId,
      university_id: university.id,
      concern: input.concern,
      degree: input.degree,
      year: input.year,
    });
    return this.toExperience(stored);
  }

  private toExperience(e: StoredExperience): Experience {
    const university = this.findResource('University', e.university_id) ?? { id: e.university_id, name: 'Unknown' };
    return {
      id: e.id,
      university: { id: university.id, name: university.name },
      concern: e.concern,
      degree: e.degree,
      year: e.year,
    };
  }

  // ---------- people ----------

  listFriends(userId: string): Friend[] {
    const user = this.requireUser(userId);
    return user.friend_ids.flatMap((id) => {
      const friend = this.users.get(id);
      return friend ? [toFriend(friend)] : [];
    });
  }

  listSavedMessages(userId: string): SavedMessage[] {
    return this.state.saved_messages
      .filter((s) => s.user_id === userId)
      .sort((a, b) => b.saved_at.localeCompare(a.saved_at))
      .flatMap((s) => {
        const channel = this.channels.get(s.channel_id);
        const message = this.state.messages[s.channel_id]?.find((m) => m.id === s.message_id);
        if (!channel || !message) return [];
        const channelName = this.channelName(userId, channel);
        return [{ id: s.id, channel_id: s.channel_id, channel_name: channelName, saved_at: s.saved_at, message }];
      });
  }

  // ---------- channels and messages ----------

  listChannelsOf(userId: string): Channel[] {
    return [...this.channels.values()]
      .filter((c) => c.users.includes(userId))
      .sort((a, b) => b.last_activity_at.localeCompare(a.last_activity_at))
      .map((c) => this.channelFor(userId, c));
  }

  /**
   * The channel's name as `viewerId` sees it: a one-to-one chat is titled with the other member's
   * full name, so each of the two sees the other's; any other channel has its stored name.
   */
  channelName(viewerId: string, c: StoredChannel): string {
    if (!c.is_direct) return c.name;
    const otherId = c.users.find((id) => id !== viewerId);
    const other = otherId ? this.users.get(otherId) : undefined;
    return (other && `${other.first_name} ${other.last_name}`.trim()) || c.name;
  }

  /** The contract's Channel as `viewerId` sees it; every response that shows a channel goes through here. */
  channelFor(viewerId: string, c: StoredChannel): Channel {
    return { ...toChannel(c), name: this.channelName(viewerId, c) };
  }

  createChannel(userId: string, draft: ChannelDraft): Channel {
    const errors: Record<string, string[]> = {};
    draft.users.forEach((id, i) => {
      if (!this.users.has(id)) errors[`users.${i}`] = [`No user with id ${id}.`];
    });
    draft.tags.forEach((id, i) => {
      if (!this.findResource('Tag', id)) errors[`tags.${i}`] = [`No tag with id ${id}.`];
    });
    const parent = draft.parent_id ? this.channels.get(draft.parent_id) : undefined;
    if (draft.parent_id && !parent) errors.parent_id = [`No group with id ${draft.parent_id}.`];
    else if (parent?.is_direct) errors.parent_id = ['A one-to-one chat cannot have subgroups.'];
    const others = new Set(draft.users.filter((id) => id !== userId));
    if (draft.is_direct && others.size !== 1) {
      errors.users = [`A one-to-one chat needs exactly one other person; got ${others.size}.`];
    }
    if (Object.keys(errors).length > 0) throw HttpError.invalid(errors);
    // Only a member of the main group may create a subgroup under it (else anyone could plant
    // one in a private group and have it listed on that group's profile).
    if (parent && !parent.users.includes(userId)) {
      throw HttpError.forbidden('Only members of the main group can create a subgroup in it.');
    }
    // A one-to-one chat is always closed, private and invitation-free, whatever the body says.
    const direct = draft.is_direct ?? false;
    const now = this.timestamp();
    const channel: StoredChannel = {
      id: randomId('chan'),
      name: draft.name,
      description: draft.description,
      tags: draft.tags,
      is_closed: direct || draft.is_closed,
      users: [userId, ...others],
      parent_id: direct ? null : (draft.parent_id ?? null),
      is_public: direct ? false : (draft.is_public ?? !draft.is_closed),
      // Closed wins: a closed group is never open to join without an invitation.
      is_open: direct || draft.is_closed ? false : (draft.is_open ?? true),
      expires_year: draft.expires_year ?? null,
      is_direct: direct,
      created_by: userId,
      created_at: now,
      last_activity_at: now,
    };
    this.touch('channel', channel.id);
    this.channels.set(channel.id, channel);
    this.state.messages[channel.id] = [];
    return this.channelFor(userId, channel);
  }

  leaveChannel(userId: string, channelId: string): Channel {
    const channel = this.requireChannel(channelId);
    const index = channel.users.indexOf(userId);
    if (index === -1) throw HttpError.conflict('You are not a member of this group.');
    this.touch('channel', channelId);
    channel.users.splice(index, 1);
    return this.channelFor(userId, channel);
  }

  /** At most `limit` messages older than `before` (or the newest), oldest first within the page. */
  messagesPage(userId: string, channelId: string, before: string | undefined, limit: number): MessagePage {
    const channel = this.requireChannel(channelId);
    if (!channel.users.includes(userId)) throw HttpError.forbidden('You are not a member of this group.');
    const all = this.state.messages[channelId] ?? [];
    let end = all.length;
    if (before !== undefined) {
      end = all.findIndex((m) => m.id === before);
      if (end === -1) throw HttpError.notFound(`No message with id ${before} in this group.`);
    }
    const start = Math.max(0, end - limit);
    const data = all.slice(start, end);
    const hasMore = start > 0;
    return { data, meta: { has_more: hasMore, next_before: hasMore ? (data[0]?.id ?? null) : null } };
  }

  private requireChannel(id: string): StoredChannel {
    const channel = this.channels.get(id);
    if (!channel) throw HttpError.notFound(`No group with id ${id}.`);
    return channel;
  }
}

/** The contract's User, without the store's private fields. */
export function toUser(u: StoredUser): User {
  return {
    id: u.id,
    email: u.email,
    first_name: u.first_name,
    last_name: u.last_name,
    profile_image: u.profile_image,
    description: u.description,
    phone: u.phone ?? null,
    program: u.program ?? null,
    university: u.university ?? null,
    graduation_year: u.graduation_year ?? null,
    emails: u.emails ?? [],
    created_at: u.created_at,
    updated_at: u.updated_at,
  };
}

/** Another person's profile as `viewer` may see it: contact details only for themself and connections. */
export function toPublicUser(viewer: StoredUser, u: StoredUser): PublicUser {
  const user = toUser(u);
  if (viewer.id === u.id || viewer.friend_ids.includes(u.id) || u.friend_ids.includes(viewer.id)) return user;
  const { email: _email, phone: _phone, emails: _emails, ...shown } = user;
  return shown;
}

export function toFriend(u: StoredUser): Friend {
  return {
    id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    profile_image: u.profile_image,
    university: u.university ?? null,
    graduation_year: u.graduation_year ?? null,
  };
}

/** Not per viewer: responses use `Store.channelFor`. A `--data` file from before `is_direct` reads as false. */
function toChannel(c: StoredChannel): Channel {
  const { last_activity_at: _activity, ...channel } = c;
  return { ...channel, is_direct: c.is_direct ?? false, users: [...c.users], tags: [...c.tags] };
}

export type { SavedMessageRecord };
