import { byCodeUnits } from '../lib/compare.ts';
import { cryptoPlatform } from '../lib/crypto.ts';
import { HttpError } from '../lib/http-error.ts';
import { newToken, randomId } from '../lib/ids.ts';
import { listCollection, mapCollection } from './collection.ts';
import type { StoreCore } from './core.ts';
import { EmailIndex } from './email-index.ts';
import type { Resources } from './resources.ts';
import { contractRecord, nullable, record, str, strings } from './row-schema.ts';
import type { Friend, PublicUser, StoredUser, TokenRecord, User } from './types.ts';

export const DEFAULT_TOKEN_TTL_MS = 30 * 24 * 3600_000;
/**
 * A token's last use is written back at most this often (and at most every tenth of its lifetime,
 * so a short `--token-ttl` still slides), so a read does not rewrite `--data`.
 */
const TOKEN_TOUCH_MS = 3600_000;

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
  Pick<User, 'first_name' | 'last_name' | 'phone' | 'program' | 'description' | 'profile_image' | 'emails' | 'resume'>
>;

// Tokens are stored hashed (SHA-256, from the installed crypto platform).
/** Hashes of tokens seen lately: a signed-in client sends the same token with every request. */
const recentHashes = new Map<string, string>();
const RECENT_HASHES = 10_000;

/** The key a token is stored under (its SHA-256): the state, and so `--data`, never holds a token itself. */
export function hashToken(token: string): string {
  let key = recentHashes.get(token);
  if (key === undefined) {
    key = cryptoPlatform().sha256Url(token);
    if (recentHashes.size >= RECENT_HASHES) recentHashes.clear();
    recentHashes.set(token, key);
  }
  return key;
}

/** A token's record, and its last use as last read from it (parsed once, not on every request it signs). */
interface TokenEntry {
  record: TokenRecord;
  usedAt: string;
  usedMs: number;
}

/** An entry whose last use is read at its first request (a start with many tokens parses none). */
const entryOf = (record: TokenRecord): TokenEntry => ({ record, usedAt: '', usedMs: 0 });

/** The token's last use in epoch milliseconds, parsed again only when the record's has changed. */
function lastUseOf(entry: TokenEntry): number {
  const { record } = entry;
  const usedAt = record.last_used_at ?? record.created_at;
  if (usedAt !== entry.usedAt) {
    entry.usedAt = usedAt;
    entry.usedMs = Date.parse(usedAt);
  }
  return entry.usedMs;
}

/** Every account, in seed order. */
export const USERS = listCollection({
  name: 'user',
  place: { field: 'users' },
  item: (doc) =>
    contractRecord(doc, 'User', {
      required: { id: str, friend_ids: strings, last_seen_at: str },
      optional: {
        password_hash: nullable('string'),
        university_id: nullable('integer'),
        major: nullable('string'),
        company: nullable('string'),
        industry: nullable('string'),
        desired_industry: nullable('string'),
        location: nullable('string'),
      },
    }),
  read: (areas: { readonly accounts: Accounts }, key) => areas.accounts.find(key),
});

/** Sessions, keyed by their token's hash. */
export const TOKENS = mapCollection({
  name: 'token',
  place: { field: 'tokens' },
  item: () => record({ user_id: str, created_at: str }, { last_used_at: str }),
  read: (areas: { readonly accounts: Accounts }, key) => areas.accounts.token(key),
});

/** Users and their sessions: accounts, e-mails, tokens (hashed) and connections. */
export class Accounts {
  private readonly byId: Map<string, StoredUser>;
  private readonly byEmail: EmailIndex;
  /** Bumped when what the directory search indexes changes (users, their clubs and interests). */
  private directoryRevision = 0;
  /** The users changed since the index last caught up; null when it must be rebuilt (load, a new user). */
  private directoryChanged: Set<string> | null = null;
  /**
   * The token records by hash, as `tokens` (the state's record) holds them, kept in step with it by
   * the constructor, `issueToken` and `#forget`: every request's sign-in is a Map lookup, not a
   * property lookup on a record of hundreds of hash-named keys.
   */
  readonly #byKey = new Map<string, TokenEntry>();

  constructor(
    private readonly core: StoreCore,
    private readonly resources: Resources,
    /** In seed order (the demo account first); new accounts are appended. */
    private readonly users: StoredUser[],
    private readonly tokens: Record<string, TokenRecord>,
    readonly tokenTtlMs: number,
  ) {
    // Filled in one loop, without a pair array per user (100,000 of them at start-up).
    this.byId = new Map();
    for (const user of users) this.byId.set(user.id, user);
    this.byEmail = new EmailIndex(users);
    for (const key in tokens) this.#byKey.set(key, entryOf(tokens[key] as TokenRecord));
  }

  /** Fills up to `count` more users into the e-mail index (run between requests after a start); true once all are in. */
  warm(count: number): boolean {
    return this.byEmail.warm(count);
  }

  all(): StoredUser[] {
    return [...this.users];
  }

  allTokens(): Record<string, TokenRecord> {
    return this.tokens;
  }

  get count(): number {
    return this.byId.size;
  }

  /** The first users in seed order (the demo account first). */
  first(count: number): StoredUser[] {
    return this.users.slice(0, count);
  }

  find(id: string): StoredUser | undefined {
    return this.byId.get(id);
  }

  require(id: string): StoredUser {
    const user = this.byId.get(id);
    if (!user) throw HttpError.notFound(`No user with id ${id}.`);
    return user;
  }

  findByEmail(email: string): StoredUser | undefined {
    return this.byEmail.find(email);
  }

  token(hashed: string): TokenRecord | undefined {
    return this.#byKey.get(hashed)?.record;
  }

  create(input: NewUser): StoredUser {
    if (this.findByEmail(input.email)) {
      throw HttpError.conflict('The email has already been taken.', { email: ['The email has already been taken.'] });
    }
    const id = randomId('usr');
    const university = this.resources.findOrCreate('University', input.university_name, id);
    const now = this.core.now().toISOString();
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
    this.core.touch(USERS, user.id);
    this.users.push(user);
    this.byId.set(user.id, user);
    this.byEmail.set(user);
    this.touchDirectory(user.id);
    return user;
  }

  update(id: string, patch: UserPatch): StoredUser {
    const found = this.require(id);
    this.core.touch(USERS, id);
    const user = this.own(found);
    Object.assign(user, patch, { updated_at: this.core.now().toISOString() });
    this.touchDirectory(id);
    return user;
  }

  /** Seconds a fresh token lives without use (`expires_in` of sign-in and registration). */
  get tokenTtlSeconds(): number {
    return Math.floor(this.tokenTtlMs / 1000);
  }

  issueToken(userId: string): string {
    const token = newToken();
    const record: TokenRecord = { user_id: userId, created_at: this.core.now().toISOString() };
    const key = hashToken(token);
    this.core.touch(TOKENS, key);
    this.tokens[key] = record;
    this.#byKey.set(key, entryOf(record));
    const user = this.byId.get(userId);
    if (user) {
      this.core.touch(USERS, userId);
      this.own(user).last_seen_at = record.created_at;
    }
    return token;
  }

  userForToken(token: string): StoredUser | undefined {
    const state = this.tokenState(token);
    return typeof state === 'object' ? state.user : undefined;
  }

  /**
   * The token's user while it lives: a token expires `tokenTtlMs` after its last use (sliding).
   * An expired token is forgotten, and reported as such once so the 401 can say why. Called while
   * authenticating, before (outside) the request's own transaction, so its writes have their own.
   */
  tokenState(token: string): TokenState {
    const key = hashToken(token);
    const entry = this.#byKey.get(key);
    if (!entry) return undefined;
    const { record } = entry;
    const now = this.core.nowMs();
    const lastUsed = lastUseOf(entry);
    if (now - lastUsed > this.tokenTtlMs) {
      this.core.transact(() => {
        this.core.touch(TOKENS, key);
        this.#forget(key);
      });
      return 'expired';
    }
    if (now - lastUsed > Math.min(TOKEN_TOUCH_MS, this.tokenTtlMs / 10)) {
      this.core.transact(() => {
        this.core.touch(TOKENS, key);
        record.last_used_at = new Date(now).toISOString();
      });
    }
    const user = this.byId.get(record.user_id);
    return user ? { user } : undefined;
  }

  revokeToken(token: string): void {
    const key = hashToken(token);
    this.core.touch(TOKENS, key);
    this.#forget(key);
  }

  /** A new password (already hashed); every session of the account but the one holding `keep` ends. */
  setPassword(user: StoredUser, passwordHash: string, keep?: string): void {
    this.core.touch(USERS, user.id);
    const own = this.own(user);
    own.password_hash = passwordHash;
    own.updated_at = this.core.now().toISOString();
    this.endSessions(user.id, keep);
  }

  /** The user's sessions (`ses_` and the start of the token's hash), most recently used first. */
  sessionsOf(userId: string): { id: string; key: string; record: TokenRecord }[] {
    const used = (r: TokenRecord) => r.last_used_at ?? r.created_at;
    return Object.entries(this.tokens)
      .filter(([, r]) => r.user_id === userId)
      .map(([key, record]) => ({ id: `ses_${key.slice(0, 16)}`, key, record }))
      .sort(
        (a, b) => byCodeUnits(used(b.record), used(a.record)) || byCodeUnits(b.record.created_at, a.record.created_at),
      );
  }

  #forget(key: string): void {
    delete this.tokens[key];
    this.#byKey.delete(key);
  }

  /** Ends the session whose token hashes to `key`. */
  endSession(key: string): void {
    this.core.touch(TOKENS, key);
    this.#forget(key);
  }

  /** Ends every session of the user but the one holding token `keep`; returns how many ended (streams close after commit). */
  endSessions(userId: string, keep?: string): number {
    const kept = keep === undefined ? undefined : hashToken(keep);
    let ended = 0;
    for (const [hashed, record] of Object.entries(this.tokens)) {
      if (record.user_id !== userId || hashed === kept) continue;
      this.core.touch(TOKENS, hashed);
      this.#forget(hashed);
      ended++;
    }
    return ended;
  }

  /** Deletes the account and its sessions (its connections must already have ended). */
  remove(userId: string): void {
    const user = this.require(userId);
    this.endSessions(userId);
    this.core.touch(USERS, userId);
    this.byEmail.delete(user);
    this.users.splice(this.users.indexOf(user), 1);
    this.byId.delete(userId);
    this.touchDirectory(userId);
  }

  /** Makes the two each other's connections (friends), on both sides. */
  befriend(a: StoredUser, b: StoredUser): void {
    for (const [user, other] of this.pairs(a, b)) {
      if (user.friend_ids.includes(other.id)) continue;
      this.core.touch(USERS, user.id);
      this.own(user).friend_ids.push(other.id);
    }
  }

  /** Ends a connection on both sides; false when they were not connected. */
  unfriend(a: StoredUser, b: StoredUser): boolean {
    let changed = false;
    for (const [user, other] of this.pairs(a, b)) {
      const at = user.friend_ids.indexOf(other.id);
      if (at === -1) continue;
      this.core.touch(USERS, user.id);
      this.own(user).friend_ids.splice(at, 1);
      changed = true;
    }
    return changed;
  }

  /** Both sides of a connection, each as this store holds it now. */
  private pairs(a: StoredUser, b: StoredUser): [StoredUser, StoredUser][] {
    const x = this.byId.get(a.id) ?? a;
    const y = this.byId.get(b.id) ?? b;
    return [
      [x, y],
      [y, x],
    ];
  }

  /**
   * The user as this store may change it. A frozen user is shared (sessions share the seed's users,
   * see session-stores.ts): it is replaced by a copy of its own first. Takes the user by id, so a
   * caller's older reference still finds the current one.
   */
  private own(user: StoredUser): StoredUser {
    const current = this.byId.get(user.id) ?? user;
    if (!Object.isFrozen(current)) return current;
    const copy = structuredClone(current);
    const at = this.users.indexOf(current);
    if (at >= 0) this.users[at] = copy;
    this.byId.set(copy.id, copy);
    this.byEmail.set(copy);
    return copy;
  }

  listFriends(userId: string): Friend[] {
    return this.require(userId).friend_ids.flatMap((id) => {
      const friend = this.byId.get(id);
      return friend ? [toFriend(friend)] : [];
    });
  }

  // ---------- what the directory index follows ----------

  /** Changes whenever the directory's search index must catch up (see `store/directory.ts`). */
  get directoryVersion(): number {
    return this.directoryRevision;
  }

  /** Hands the directory index the users changed since it last asked (null: rebuild it all). */
  takeDirectoryChanges(): Set<string> | null {
    const changed = this.directoryChanged;
    this.directoryChanged = new Set();
    return changed;
  }

  /** A user was added, removed or had indexed fields changed (null: rebuild it all, as after a reset). */
  touchDirectory(userId: string | null): void {
    this.directoryRevision++;
    if (userId === null) this.directoryChanged = null;
    else this.directoryChanged?.add(userId);
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
    resume: u.resume ?? null,
    created_at: u.created_at,
    updated_at: u.updated_at,
  };
}

/** Whether the two are connections (on either side's list). */
export function connected(a: StoredUser, b: StoredUser): boolean {
  return a.friend_ids.includes(b.id) || b.friend_ids.includes(a.id);
}

/** Another person's profile with only the contact details `shown` (the owner's settings decide). */
export function toPublicUser(u: StoredUser, shown: { email: boolean; phone: boolean }): PublicUser {
  const { email, phone, emails, ...rest } = toUser(u);
  return { ...rest, ...(shown.email ? { email, emails } : {}), ...(shown.phone ? { phone } : {}) };
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
