import type { OpenApiDocument } from '@cohort/openapi/schema';
import { HttpError } from '../lib/http-error.ts';
import { randomId } from '../lib/ids.ts';
import type { Accounts } from './accounts.ts';
import { type AnyCollection, listCollection } from './collection.ts';
import type { StoreCore } from './core.ts';
import type { ProfileCollection, ProfileItems, ProfileSource } from './item-source.ts';
import { OwnedItems, strip } from './owned-items.ts';
import type { Resources } from './resources.ts';
import { contractRecord, int, type Schema, str } from './row-schema.ts';
import type { ClubEntry, Direction, Experience, Interest, Note, Owned, State, StoredExperience } from './types.ts';

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const owned = (name: string) => (doc: OpenApiDocument) =>
  contractRecord(doc, name, { required: { id: int, user_id: str } });
const item = (name: ProfileCollection, schema: (doc: OpenApiDocument) => Schema) =>
  listCollection({
    name,
    place: { field: `${name}s` },
    item: schema,
    // With `--data`, kept in tables of their own (read per user), not as rows.
    itemTable: true,
    read: (areas: { readonly profile: Profile }, key) => areas.profile[`${name}s`].get(Number(key)),
  });

/** Each kind of profile item, by name. */
export const PROFILE_ITEMS = {
  note: item('note', owned('Note')),
  club: item('club', owned('ClubEntry')),
  interest: item('interest', owned('Interest')),
  direction: item('direction', owned('Direction')),
  experience: item('experience', (doc) =>
    contractRecord(doc, 'Experience', { without: ['university'], required: { user_id: str, university_id: int } }),
  ),
} satisfies Record<ProfileCollection, AnyCollection>;

/** A user's profile items: notes, clubs (with a position), interests, directions and education. */
export class Profile {
  readonly notes: OwnedItems<Owned<Note>>;
  readonly clubs: OwnedItems<Owned<ClubEntry>>;
  readonly interests: OwnedItems<Owned<Interest>>;
  readonly directions: OwnedItems<Owned<Direction>>;
  readonly experiences: OwnedItems<StoredExperience>;
  /**
   * Each user's notes list as last read, frozen, until a note changes (any user's: the store has
   * no per-owner version, and reads far outnumber writes). The same array on every read also lets
   * the answer's JSON and ETag be computed once (see `writeJson`).
   */
  readonly #notesLists = new Map<string, Note[]>();
  /** Every kind's items, in the order the seed makes them. */
  readonly #kinds: readonly OwnedItems<{ id: number; user_id: string }>[];

  /** With `source`, the items are read from it per user (and `state`'s lists are not used). */
  constructor(
    private readonly core: StoreCore,
    private readonly accounts: Accounts,
    private readonly resources: Resources,
    state: Pick<State, 'notes' | 'clubs' | 'interests' | 'directions' | 'experiences'>,
    source?: ProfileSource,
  ) {
    const items = <K extends ProfileCollection>(collection: K, list: ProfileItems[K][]) =>
      new OwnedItems<ProfileItems[K]>(
        collection,
        list,
        (id, created) => {
          // A note about to change: every cached notes list may be stale.
          // (Only when one is cached: clearing an empty Map still allocates it a new table.)
          if (collection === 'note' && this.#notesLists.size > 0) this.#notesLists.clear();
          core.touch(PROFILE_ITEMS[collection], String(id), created);
        },
        source?.[collection],
        (fn) => core.afterCommit(fn),
      );
    this.notes = items('note', state.notes);
    this.clubs = items('club', state.clubs);
    this.interests = items('interest', state.interests);
    this.directions = items('direction', state.directions);
    this.experiences = items('experience', state.experiences);
    this.#kinds = [this.notes, this.clubs, this.interests, this.directions, this.experiences];
  }

  /**
   * Indexes more of the items held in memory (see `OwnedItems.warm`): up to `count` of the first
   * kind not yet indexed, and of the next ones while a kind finishes. True once all are.
   */
  warm(count: number): boolean {
    for (const items of this.#kinds) {
      if (!items.warm(count)) return false;
    }
    return true;
  }

  /** A deleted account's items of every kind go. */
  forgetUser(userId: string): void {
    for (const items of this.#kinds) {
      for (const item of items.listFor(userId)) items.removeOwn(userId, item.id);
    }
  }

  listNotes(userId: string): Note[] {
    this.accounts.require(userId);
    const cached = this.#notesLists.get(userId);
    if (cached) return cached;
    const list = Object.freeze(this.notes.listFor(userId).sort(newestNoteFirst).map(strip).map(Object.freeze));
    if (this.#notesLists.size >= CACHED_LISTS) this.#notesLists.clear();
    this.#notesLists.set(userId, list as Note[]);
    return list as Note[];
  }

  addNote(userId: string, input: Omit<Note, 'id'>): Note {
    return strip(this.notes.addOwn(userId, () => ({ id: this.core.nextId('note'), user_id: userId, ...input })));
  }

  deleteNote(userId: string, id: number): Note {
    return strip(this.notes.removeOwn(userId, id));
  }

  listClubs(userId: string): ClubEntry[] {
    this.accounts.require(userId);
    return this.clubs.listFor(userId).map(strip);
  }

  addClub(userId: string, input: Omit<ClubEntry, 'id'>): ClubEntry {
    const club = this.clubs.addOwn(userId, () => ({ id: this.core.nextId('club'), user_id: userId, ...input }));
    this.accounts.touchDirectory(userId);
    return strip(club);
  }

  detachClub(userId: string, id: number): ClubEntry {
    const club = this.clubs.removeOwn(userId, id);
    this.accounts.touchDirectory(userId);
    return strip(club);
  }

  listInterests(userId: string): Interest[] {
    this.accounts.require(userId);
    return this.interests.listFor(userId).map(strip);
  }

  addInterest(userId: string, name: string): Interest {
    if (this.interests.listFor(userId).some((i) => sameName(i.name, name))) {
      throw HttpError.conflict('You already have this interest.', { name: ['You already have this interest.'] });
    }
    const interest = this.interests.addOwn(userId, () => ({
      id: this.core.nextId('interest'),
      user_id: userId,
      name,
      prefixed_id: randomId('int'),
    }));
    this.accounts.touchDirectory(userId);
    return strip(interest);
  }

  detachInterest(userId: string, id: number): Interest {
    const interest = this.interests.removeOwn(userId, id);
    this.accounts.touchDirectory(userId);
    return strip(interest);
  }

  listDirections(userId: string): Direction[] {
    this.accounts.require(userId);
    return this.directions.listFor(userId).map(strip);
  }

  addDirection(userId: string, name: string): Direction {
    if (this.directions.listFor(userId).some((d) => sameName(d.name, name))) {
      throw HttpError.conflict('You already have this direction.', { name: ['You already have this direction.'] });
    }
    return strip(
      this.directions.addOwn(userId, () => ({
        id: this.core.nextId('direction'),
        user_id: userId,
        name,
        position: null,
      })),
    );
  }

  detachDirection(userId: string, id: number): Direction {
    return strip(this.directions.removeOwn(userId, id));
  }

  listExperiences(userId: string): Experience[] {
    this.accounts.require(userId);
    return this.experiences
      .listFor(userId)
      .sort((a, b) => b.year - a.year || b.id - a.id)
      .map((e) => this.toExperience(e));
  }

  addExperience(
    userId: string,
    input: { uni_name: string; concern: string; degree: string; year: number },
  ): Experience {
    const stored = this.experiences.addOwn(userId, () => ({
      id: this.core.nextId('experience'),
      user_id: userId,
      university_id: this.resources.findOrCreate('University', input.uni_name, userId).id,
      concern: input.concern,
      degree: input.degree,
      year: input.year,
    }));
    return this.toExperience(stored);
  }

  private toExperience(e: StoredExperience): Experience {
    const university = this.resources.find('University', e.university_id) ?? { id: e.university_id, name: 'Unknown' };
    return {
      id: e.id,
      university: { id: university.id, name: university.name },
      concern: e.concern,
      degree: e.degree,
      year: e.year,
    };
  }
}

/**
 * How many users' notes lists stay cached at most (then all go, and fill again as read): kept small
 * because each is a copy (the seed's few notes a user cost little; lists at the 1,000-notes cap
 * would cost ~100 MB for 1,000 users).
 */
const CACHED_LISTS = 1000;

/**
 * Newest date first, then newest id. Dates are ISO `YYYY-MM-DD` (the contract's `format: date`),
 * so comparing their characters is comparing the dates, without `localeCompare`'s collation on
 * every read of the list.
 */
function newestNoteFirst(a: { date: string; id: number }, b: { date: string; id: number }): number {
  return a.date < b.date ? 1 : a.date > b.date ? -1 : b.id - a.id;
}
