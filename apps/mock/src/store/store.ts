import { MockClock } from '../lib/clock.ts';
import { Accounts, DEFAULT_TOKEN_TTL_MS } from './accounts.ts';
import { Blocks } from './blocks.ts';
import { Calendar } from './calendar.ts';
import { Calls } from './calls.ts';
import { Channels } from './channels.ts';
import { Chat } from './chat.ts';
import type { AnyCollection, Row } from './collection.ts';
import { type Areas, collectionNamed } from './collections.ts';
import { CommitBatches, type FailedBatch, writtenFirst } from './commit-batch.ts';
import type { StoreCore } from './core.ts';
import { fillCounters, ID_COUNTERS, type StoreRows } from './counters.ts';
import { Directory, type SharedIndex } from './directory.ts';
import { Invites } from './invites.ts';
import type { ProfileSource } from './item-source.ts';
import { LiveEvents } from './live-events.ts';
import { MediaLibrary } from './media.ts';
import { Nearby } from './nearby.ts';
import { Notifications } from './notifications.ts';
import { PasswordResets } from './password-resets.ts';
import { Posts } from './posts.ts';
import { Profile } from './profile.ts';
import { Resources } from './resources.ts';
import { writeRow } from './rows.ts';
import { SettingsArea } from './settings.ts';
import { Social } from './social.ts';
import { Stories } from './stories.ts';
import { type Counter, emptyChatState, emptyFeedState, emptySocialState, SEED_REF_DATE, type State } from './types.ts';

export type { Areas };
export { DEFAULT_TOKEN_TTL_MS };

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
  /**
   * Where the profile items are read from per user (`--data`: what `persistence` committed), so
   * memory holds only the recently used ones; the state handed to the store then carries none.
   */
  items?: ProfileSource;
  /** A search index this store shares with others made from the same state, until its directory changes (sessions). */
  directory?: SharedIndex;
  /**
   * Group commit: the transactions committed in one turn of the event loop go to `persistence` in
   * one `commit`, run by this (Node: `setImmediate`); answers wait for it (`Store.written`).
   * Without it each transaction is committed on its own, before `transact` returns.
   */
  batchCommits?: (write: () => void) => void;
}

/** How many ids of a kind one write of the counters row reserves (see `Store.reserved`). */
export const ID_BLOCK = 100;

/** What a transaction changed: each touched row's value before it, and what runs once it commits. */
interface Transaction {
  before: Map<string, Row>;
  after: (() => void)[];
  /**
   * Each counter the transaction took an id of, then its value before (a rollback puts them back):
   * pairs in one array, the first id of a kind recorded, not a copy of every counter per write.
   * The first `taken` entries are this transaction's (the array is not truncated: that would free
   * its storage and make the next write allocate it again).
   */
  counters: (Counter | number)[];
  taken: number;
}

/**
 * All mock state, in memory, made of areas (accounts, resources, profile, channels, invites, chat,
 * calendar, social, directory), with one transaction per request (`transact`) and one id scheme
 * (`nextId`). Plain data underneath (see `State`), so it round-trips through `--data`.
 */
export class Store implements Areas, StoreCore, StoreRows {
  accounts!: Accounts;
  resources!: Resources;
  profile!: Profile;
  channels!: Channels;
  invites!: Invites;
  /** Messages, pins, read marks, mutes, reports. */
  readonly chat: Chat;
  /** Each area's changes, told once they commit: the live streams listen. */
  readonly events: LiveEvents;
  calendar!: Calendar;
  social!: Social;
  directory!: Directory;
  notifications!: Notifications;
  passwordResets!: PasswordResets;
  blocks!: Blocks;
  settings!: SettingsArea;
  nearby!: Nearby;
  calls!: Calls;
  media!: MediaLibrary;
  posts!: Posts;
  stories!: Stories;
  /** What `/__mock/clock` moves; `now` reads it unless the options gave their own `now`. */
  readonly clock: MockClock;
  readonly now: () => Date;
  readonly nowMs: () => number;
  private seed = 0;
  /** The next id of each kind this process gives. */
  private counters!: Record<Counter, number>;
  /**
   * What the counters row says (and persistence keeps): an id not yet given out at or above which
   * none has been, a block ahead of `counters`. The row changes once per `ID_BLOCK` ids, not with
   * every new item; a restart goes on from it, so ids skip what the block had left, never repeat.
   */
  private reserved!: Record<Counter, number>;
  readonly #record: Transaction = { before: new Map(), after: [], counters: [], taken: 0 };
  private tx: Transaction | undefined;
  /** The profile items' source (`options.items`), read only once waiting commits are written. */
  readonly #items: ProfileSource | undefined;
  readonly #batches: CommitBatches | undefined;
  /** A batch that could not be written while a transaction ran: undone once that transaction is. */
  #unwritten: FailedBatch | undefined;

  constructor(
    state: State,
    private readonly options: StoreOptions = {},
  ) {
    this.clock = options.clock ?? new MockClock();
    const { now } = options;
    this.now = now ?? this.clock.now;
    this.nowMs = now ? () => now().getTime() : this.clock.nowMs;
    this.events = new LiveEvents(this);
    this.chat = new Chat(this, this);
    const { persistence, batchCommits, items } = options;
    if (persistence && batchCommits) {
      const batches = new CommitBatches(
        (rows) => persistence.commit(rows),
        batchCommits,
        (batch) => {
          if (this.tx) this.#unwritten = batch;
          else this.rollbackTo(batch.before, batch.counters);
        },
      );
      this.#batches = batches;
      this.#items = items && writtenFirst(items, () => batches.writeNow());
    } else {
      this.#items = items;
    }
    this.load(state);
    // Only the state it was made with is the one the shared index holds (not a reset's or a rollback's).
    if (options.directory) this.directory.share(options.directory);
  }

  /**
   * Replaces everything (start-up from `--data`, `POST /__mock/reset`, a rollback). Older states
   * get the parts and counters they lack. The chat area keeps its identity (streams listen to it).
   */
  load(state: State): void {
    const chat = { ...emptyChatState(), ...state.chat };
    const social = { ...emptySocialState(), ...state.social };
    this.seed = state.seed;
    this.counters = fillCounters(state, chat, social);
    this.reserved = { ...this.counters };
    delete chat.next_report_id;
    delete chat.next_event_id;
    this.resources = new Resources(this, state.resources);
    this.accounts = new Accounts(
      this,
      this.resources,
      state.users,
      state.tokens,
      this.options.tokenTtlMs ?? DEFAULT_TOKEN_TTL_MS,
    );
    this.passwordResets = new PasswordResets(this, this.accounts, state.password_resets ?? {});
    this.profile = new Profile(this, this.accounts, this.resources, state, this.#items);
    this.channels = new Channels(this, this, state.channels, {
      following: social.following,
      inactive: social.inactive,
    });
    this.invites = new Invites(this, this, social.channel_invites);
    this.chat.reload(state.messages, chat, state.saved_messages);
    this.calendar = new Calendar(this, this, chat.events);
    this.social = new Social(this, this, social.connections, social.saved_lists);
    this.directory = new Directory(this);
    this.notifications = new Notifications(this, this, state.notifications ?? []);
    this.blocks = new Blocks(this, this, state.blocks ?? []);
    this.settings = new SettingsArea(this, state.settings ?? {});
    this.nearby = new Nearby(this, this, state.locations ?? {}, () => this.seed);
    this.calls = new Calls(this, this, state.calls ?? []);
    this.media = new MediaLibrary(this, state.media ?? []);
    const feed = { ...emptyFeedState(), ...state.feed };
    this.posts = new Posts(this, this, feed);
    this.stories = new Stories(this, this, feed.stories, SEED_REF_DATE.getTime());
    this.accounts.touchDirectory(null);
  }

  /**
   * Readies the in-memory indexes between requests from now on, each step run by `schedule` (the
   * server passes `setImmediate`): the users' e-mails, then the profile items held in memory, `slice`
   * × 10 a step (without `--data`, 0.6 s at 100,000 users at once), then the directory's search
   * index (`Directory.warm`). Whatever reads or changes one of them first fills in the rest.
   */
  warm(schedule: (step: () => void) => void, slice = 1000): void {
    const items = () => {
      if (this.accounts.warm(slice * 10) && this.profile.warm(slice * 10)) this.directory.warm(schedule, slice);
      else schedule(items);
    };
    schedule(items);
  }

  reset(state: State): void {
    this.writePending();
    if (this.#items) {
      // The items are read from what persistence holds: it takes the new state first.
      this.options.persistence?.replace(state);
      this.load(state);
      return;
    }
    this.load(state);
    this.options.persistence?.replace(this.snapshot());
  }

  /** The state as plain JSON-able data (`items` false: without the profile items, for a rollback). */
  snapshot(items = true): State {
    // Every channel has its list, empty or not (as a state read back from `--data` has).
    const messages = { ...this.chat.allMessages() };
    const notifications = this.notifications.all();
    const resets = this.passwordResets.all();
    const blocks = this.blocks.all();
    const settings = this.settings.all();
    const locations = this.nearby.all();
    const calls = this.calls.all();
    const media = this.media.all();
    const feed = { ...this.posts.all(), stories: this.stories.all() };
    const hasFeed = Object.values(feed).some((list) => list.length > 0);
    for (const c of this.channels.all()) messages[c.id] ??= [];
    return {
      version: 1,
      seed: this.seed,
      users: this.accounts.all(),
      resources: this.resources.all(),
      notes: items ? this.profile.notes.all() : [],
      clubs: items ? this.profile.clubs.all() : [],
      interests: items ? this.profile.interests.all() : [],
      directions: items ? this.profile.directions.all() : [],
      experiences: items ? this.profile.experiences.all() : [],
      channels: this.channels.all(),
      messages,
      saved_messages: this.chat.allSaved(),
      tokens: this.accounts.allTokens(),
      next_id: this.reserved,
      // Parts that came later are left out while empty, as in a state written before them.
      ...(notifications.length > 0 ? { notifications } : {}),
      ...(Object.keys(resets).length > 0 ? { password_resets: resets } : {}),
      ...(blocks.length > 0 ? { blocks } : {}),
      ...(Object.keys(settings).length > 0 ? { settings } : {}),
      ...(Object.keys(locations).length > 0 ? { locations } : {}),
      ...(calls.length > 0 ? { calls } : {}),
      ...(media.length > 0 ? { media } : {}),
      ...(hasFeed ? { feed } : {}),
      chat: { ...this.chat.parts(), events: this.calendar.all() },
      social: {
        saved_lists: this.social.allSavedLists(),
        connections: this.social.allConnections(),
        channel_invites: this.invites.all(),
        ...this.channels.allFlags(),
      },
    };
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
    // One transaction at a time (an async `fn` ends its transaction at its first await): its record
    // is reused, emptied once done, rather than made for every request.
    const tx = this.#record;
    this.tx = tx;
    let out: T;
    try {
      out = fn();
      // What earlier requests committed could not be written (found by a read of persistence): this
      // request cannot stand on it.
      if (this.#unwritten) throw new Error('store: the changes this request read could not be written');
      if (tx.before.size > 0) this.commit(tx);
    } catch (error) {
      try {
        if (tx.before.size > 0) this.rollback(tx);
        else this.counters = this.countersBefore(tx);
      } finally {
        this.tx = undefined;
        tx.before.clear();
        tx.after.length = 0;
        tx.taken = 0;
        const unwritten = this.#unwritten;
        this.#unwritten = undefined;
        if (unwritten) this.rollbackTo(unwritten.before, unwritten.counters);
      }
      throw error;
    }
    this.tx = undefined;
    const wrote = tx.before.size > 0;
    // Clearing a Map allocates it a new table: skipped when the request changed nothing.
    if (wrote) tx.before.clear();
    tx.taken = 0;
    if (tx.after.length === 0) return out;
    // What runs after the commit may start transactions of its own (on this same record).
    const after = tx.after.splice(0);
    // With group commit, what follows a write (a stream event, a mail) waits until it is kept.
    if (wrote && this.#batches?.afterWrite(after)) return out;
    for (const run of after) run();
    return out;
  }

  /**
   * Records that a row is about to change: call it before changing the row. A change outside a
   * transaction is a bug (it would never be persisted), so it throws.
   */
  touch(spec: AnyCollection, key: string, created = false): void {
    const tx = this.tx;
    const collection = spec.name;
    if (!tx) throw new Error(`store: ${collection} ${key} changed outside a transaction (wrap it in store.transact)`);
    const id = `${collection}\u0000${key}`;
    // A new row was not there before: nothing to read (with --data, a lookup in the file per write).
    if (!tx.before.has(id))
      tx.before.set(id, { collection, key, value: created ? undefined : cloneRow(this.row(collection, key)) });
  }

  /**
   * Runs `fn` once the current transaction has committed (at once outside one); never after a
   * rollback. With group commit, once what the transaction changed is written (see `CommitBatches`).
   */
  afterCommit(fn: () => void): void {
    if (this.tx) this.tx.after.push(fn);
    else fn();
  }

  /**
   * The next id of a kind (notes, clubs, reports, saved lists, …): the one id scheme. The counters
   * row changes only when an id reaches the reserved block's end: it then reserves the next block.
   */
  nextId(counter: Counter): number {
    const id = this.counters[counter];
    const tx = this.tx;
    if (tx && !takenFrom(tx, counter)) {
      tx.counters[tx.taken++] = counter;
      tx.counters[tx.taken++] = id;
    }
    if (id >= this.reserved[counter]) {
      this.touch(ID_COUNTERS, 'next_id');
      this.reserved[counter] = id + ID_BLOCK;
    }
    this.counters[counter] = id + 1;
    return id;
  }

  /**
   * Settles once every transaction committed so far is in persistence (undefined: none waits):
   * an answer to a request waits for it, so what the client is told was kept has been.
   */
  get written(): Promise<void> | undefined {
    return this.#batches?.written;
  }

  /** Writes the commits waiting for their turn now (before the process exits, say); throws if they could not be. */
  writePending(): void {
    this.#batches?.writeNow();
  }

  private commit(tx: Transaction): void {
    const persistence = this.options.persistence;
    if (!persistence) return;
    const before = [...tx.before.values()];
    const rows = this.changedRows(before);
    if (this.#batches) this.#batches.add(rows, before, () => this.countersBefore(tx));
    else persistence.commit(rows);
  }

  /** The rows as they are now, of those the transaction touched (`before`: as they were). */
  private changedRows(before: Row[]): Row[] {
    return before.map(({ collection, key }) => ({
      collection,
      key,
      value: this.row(collection, key),
    }));
  }

  /**
   * Puts back every row the failed transaction touched (their values from before it), then rebuilds
   * the areas from that: linear in the state, which only a failed write pays (handlers check before
   * they change anything, so a refusal changes nothing and costs nothing).
   */
  private rollback(tx: Transaction): void {
    const before = [...tx.before.values()];
    this.#batches?.correct(before);
    // Items are read again from persistence, which never saw the failed transaction's changes; what
    // earlier ones committed is written first (if that fails, it is undone after this one).
    if (this.#items) {
      try {
        this.writePending();
      } catch {}
    }
    this.rollbackTo([before], this.countersBefore(tx));
  }

  /**
   * Puts back rows as they were before the transactions that changed them (`before`, one list per
   * transaction, in the order they ran) and the counters, then rebuilds the areas from that.
   */
  private rollbackTo(before: Row[][], counters: Record<Counter, number>): void {
    const state = this.snapshot(!this.#items);
    for (let i = before.length - 1; i >= 0; i--) for (const row of before[i] ?? []) writeRow(state, row);
    // The ids the failed transactions took are given again (the counters row, if it changed, is put back).
    this.load(state);
    this.counters = counters;
  }

  /** The counters as they were before `tx` took any id. */
  private countersBefore(tx: Transaction): Record<Counter, number> {
    if (tx.taken === 0) return this.counters;
    const counters = { ...this.counters };
    for (let i = 0; i < tx.taken; i += 2) counters[tx.counters[i] as Counter] = tx.counters[i + 1] as number;
    return counters;
  }

  /** A row's current value (undefined when it does not exist), read from the area that owns it. */
  row(collection: string, key: string): unknown {
    return collectionNamed(collection)?.read(this, key);
  }

  /** The seed the state was made with (its `meta` row). */
  get seedNumber(): number {
    return this.seed;
  }

  /** The counters row: where each kind's reserved block of ids ends. */
  get reservedIds(): Record<Counter, number> {
    return this.reserved;
  }
}

/** Whether the transaction has taken an id of `counter` already. */
function takenFrom(tx: Transaction, counter: Counter): boolean {
  for (let i = 0; i < tx.taken; i += 2) if (tx.counters[i] === counter) return true;
  return false;
}

/**
 * A copy of a row's value as it was, for a rollback: plain objects, arrays and primitives (what
 * rows are made of: they round-trip through JSON for `--data`) copied by hand, anything else by
 * `structuredClone`. Every write copies the rows it touches, and `structuredClone` costs several
 * times more than this on the small rows a request changes (a new row: nothing to copy at all).
 */
export function cloneRow<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(cloneRow) as T;
  // A `__proto__` key (from user input) would set the copy's prototype if assigned: left to structuredClone.
  if (Object.getPrototypeOf(value) !== Object.prototype || Object.hasOwn(value, '__proto__')) {
    return structuredClone(value);
  }
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = cloneRow((value as Record<string, unknown>)[key]);
  return copy as T;
}
