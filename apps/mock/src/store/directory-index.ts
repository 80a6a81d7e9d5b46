import type { components } from '@cohort/api';
import type { Accounts } from './accounts.ts';
import type { Profile } from './profile.ts';
import { SliceSort } from './slice-sort.ts';
import type { StoredUser } from './types.ts';

export type SearchFilters = components['schemas']['UserSearchFilters'];

/** What the index is built from: everyone, and their clubs and interests. */
export interface IndexUses {
  readonly accounts: Accounts;
  readonly profile: Profile;
}

/** The array filters of `searchUsers`, by the name the contract gives them. */
export const TEXT_FILTERS = [
  'university',
  'program',
  'major',
  'company',
  'industry',
  'desired_industry',
  'club',
  'interest',
  'location',
] as const;
type TextFilter = (typeof TEXT_FILTERS)[number];

const norm = (value: string) => value.trim().toLowerCase();
const WORD = /[\p{L}\p{N}]+/gu;
const words = (text: string | null | undefined) => (text ? (text.toLowerCase().match(WORD) ?? []) : []);

/** Where `value` sits, or would sit, in the ascending `list` (binary search). */
function lowerBound<T extends number | string>(list: readonly T[], value: T): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as T) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Inserts `value` into the ascending `list` (no duplicates): user positions, or the vocabulary's words. */
function insertSorted<T extends number | string>(list: T[], value: T): void {
  const at = lowerBound(list, value);
  if (list[at] !== value) list.splice(at, 0, value);
}

function removeSorted(list: number[], value: number): void {
  const at = lowerBound(list, value);
  if (list[at] === value) list.splice(at, 1);
}

/** Users added, removed or renamed at once beyond which a rebuild is cheaper than moving each. */
const MAX_MOVES = 50;

const sortKey = (u: StoredUser) => `${u.last_name}\u0000${u.first_name}\u0000${u.id}`.toLowerCase();

/**
 * A build a slice at a time sorts the users in runs of this many slices a step, then merges as
 * many a step (`SliceSort`): at 100,000 users and 1,000 a slice, 50 runs of a few milliseconds each.
 */
const RUN_SLICES = 2;

/** What a build still has to do (`fill`); undefined once the index is whole. */
interface Build {
  /** The users as of the build's start, being put in result order (`order`, with `ids`, `keys` and `position`). */
  sorting: SliceSort<StoredUser>;
  order: StoredUser[];
  /** The next user to file, in result order, once sorted. */
  next: number;
  clubsOf: Map<string, string[]>;
  interestsOf: Map<string, string[]>;
}

/**
 * Inverted indexes over the directory. Users are numbered by result order (last name, first name,
 * id), so every posting list is sorted and a match set read in position order is already sorted.
 * A change to one user's fields, clubs or interests is applied in place; a new, removed or renamed
 * user is moved in place too (the positions after it shift), up to MAX_MOVES at once, past which
 * it is rebuilt. `Directory` (directory.ts) keeps it current and warms it up after a start.
 */
export class DirectoryIndex {
  version: number;
  private ids: string[] = [];
  private keys: string[] = [];
  private position = new Map<string, number>();
  private readonly byYear = new Map<number, number[]>();
  private readonly byValue = new Map<TextFilter, Map<string, number[]>>();
  /** Word → positions of the users whose name, company or description has it. */
  private readonly byWord = new Map<string, number[]>();
  /** Every indexed word, sorted, for prefix look-ups. */
  private vocabulary: string[] = [];
  /** Each indexed word's one string, which every user's `wordsAt` shares (not a copy per user). */
  private readonly spelling = new Map<string, string>();
  /** Position → the user's words, to check a keyword against a few candidates directly. */
  private readonly wordsAt: string[][] = [];
  /** Position → every posting list that holds it, so a change can take it out again. */
  private readonly listsAt: number[][][] = [];

  private pending: Build | undefined;

  /**
   * `later`: build nothing yet: `fill` sorts the users, then files them, a slice at a time. `gathered`:
   * everyone's club and interest names, read beforehand (`OwnedItems.gather`) as of directory
   * version `version`; the index then counts as of that version, so what changed since is caught
   * up on (`update`) like any later change.
   */
  constructor(
    areas: IndexUses,
    {
      later = false,
      gathered,
    }: {
      later?: boolean;
      gathered?: { version: number; clubsOf: Map<string, string[]>; interestsOf: Map<string, string[]> };
    } = {},
  ) {
    this.version = gathered?.version ?? areas.accounts.directoryVersion;
    for (const filter of TEXT_FILTERS) this.byValue.set(filter, new Map());
    const names = (items: { user_id: string; name: string }[]) => {
      const out = new Map<string, string[]>();
      for (const item of items) {
        const list = out.get(item.user_id);
        if (list) list.push(item.name);
        else out.set(item.user_id, [item.name]);
      }
      return out;
    };
    const order: StoredUser[] = [];
    this.pending = {
      sorting: new SliceSort(areas.accounts.all(), sortKey, (user, key, at) => {
        order.push(user);
        this.ids.push(user.id);
        this.keys.push(key);
        this.position.set(user.id, at);
      }),
      order,
      next: 0,
      clubsOf: gathered?.clubsOf ?? names(areas.profile.clubs.all()),
      interestsOf: gathered?.interestsOf ?? names(areas.profile.interests.all()),
    };
    if (!later) this.fill();
  }

  /**
   * Does the next part of the build: sorts a run of `RUN_SLICES × count` users, or merges as many
   * of the sorted runs (`SliceSort`), or files `count` users; all of it when `count` is unbounded. True once
   * every user is filed (the index can be searched). At 100,000 users sorting them in one step
   * held the mock's first requests after a start for 0.2–0.3 s.
   */
  fill(count = Number.POSITIVE_INFINITY): boolean {
    const pending = this.pending;
    if (!pending) return true;
    if (!pending.sorting.done) {
      const sorted = pending.sorting.step(count * RUN_SLICES);
      // A bounded step ends with the sort; filing starts with the next.
      if (!sorted || count !== Number.POSITIVE_INFINITY) return false;
    }
    const sorted = pending.order;
    const end = Math.min(sorted.length, pending.next + count);
    // Positions are added in increasing order, so appending keeps every posting list sorted.
    for (let at = pending.next; at < end; at++) {
      const u = sorted[at] as StoredUser;
      const clubs = pending.clubsOf.get(u.id) ?? [];
      this.add(at, u, clubs, pending.interestsOf.get(u.id) ?? [], (list, p) => list.push(p), false);
    }
    pending.next = end;
    if (end < sorted.length) return false;
    this.pending = undefined;
    this.vocabulary = [...this.byWord.keys()].sort();
    return true;
  }

  /** Files one user under every value they have; `put` appends (build) or inserts in order (update). */
  private add(
    at: number,
    u: StoredUser,
    clubs: string[],
    interests: string[],
    put: (list: number[], at: number) => void,
    /** In an update a new word also goes into the vocabulary (the build sorts it once at the end). */
    updating: boolean,
  ): void {
    const lists: number[][] = [];
    const file = <K>(map: Map<K, number[]>, key: K) => {
      let list = map.get(key);
      if (!list) {
        list = [];
        map.set(key, list);
      }
      if (lists.includes(list)) return;
      put(list, at);
      lists.push(list);
    };
    if (u.graduation_year != null) file(this.byYear, u.graduation_year);
    const values: [TextFilter, (string | null | undefined)[]][] = [
      ['university', [u.university]],
      ['program', [u.program]],
      ['major', [u.major]],
      ['company', [u.company]],
      ['industry', [u.industry]],
      ['desired_industry', [u.desired_industry]],
      ['location', [u.location]],
      ['club', clubs],
      ['interest', interests],
    ];
    for (const [filter, list] of values) {
      const map = this.byValue.get(filter) as Map<string, number[]>;
      for (const value of list) if (value) file(map, norm(value));
    }
    const own = [
      ...new Set([...words(u.first_name), ...words(u.last_name), ...words(u.company), ...words(u.description)]),
    ];
    for (let i = 0; i < own.length; i++) {
      const word = own[i] as string;
      const known = this.spelling.get(word);
      if (known !== undefined) own[i] = known;
      else {
        this.spelling.set(word, word);
        if (updating) insertSorted(this.vocabulary, word);
      }
      file(this.byWord, word);
    }
    // Exact-length copies: a list grown by push keeps up to twice its length (at 100,000 users, ~25 MB).
    this.wordsAt[at] = own.slice();
    this.listsAt[at] = lists.slice();
  }

  /**
   * Applies changes in place: a changed user is filed again; a new user goes in at their place in
   * result order, a removed one comes out, a renamed one moves, each shifting the positions after it
   * (linear in the postings, against a rebuild's seconds at 100,000 users). False when so many users
   * moved that a rebuild is cheaper.
   */
  update(areas: IndexUses, changed: Set<string>): boolean {
    let moves = 0;
    for (const id of changed) {
      const at = this.position.get(id);
      const user = areas.accounts.find(id);
      if (at === undefined || !user || sortKey(user) !== this.keys[at]) moves++;
    }
    if (moves > MAX_MOVES) return false;
    for (const id of changed) {
      const at = this.position.get(id);
      const user = areas.accounts.find(id);
      if (at !== undefined && user && sortKey(user) === this.keys[at]) {
        for (const list of this.listsAt[at] ?? []) removeSorted(list, at);
        this.add(at, user, ...this.itemsOf(areas, id), insertSorted, true);
        continue;
      }
      if (at !== undefined) this.removeAt(at);
      if (user) this.insert(user, ...this.itemsOf(areas, id));
    }
    this.version = areas.accounts.directoryVersion;
    return true;
  }

  private itemsOf(areas: IndexUses, userId: string): [clubs: string[], interests: string[]] {
    return [
      areas.profile.clubs.listFor(userId).map((c) => c.name),
      areas.profile.interests.listFor(userId).map((i) => i.name),
    ];
  }

  /** Opens a gap at the user's place in result order, then files them there. */
  private insert(user: StoredUser, clubs: string[], interests: string[]): void {
    const key = sortKey(user);
    const at = lowerBound(this.keys, key);
    this.shift(at, 1);
    this.ids.splice(at, 0, user.id);
    this.keys.splice(at, 0, key);
    this.wordsAt.splice(at, 0, []);
    this.listsAt.splice(at, 0, []);
    this.renumber(at);
    this.add(at, user, clubs, interests, insertSorted, true);
  }

  /** Takes the user at `at` out of every list, then closes the gap. */
  private removeAt(at: number): void {
    for (const list of this.listsAt[at] ?? []) removeSorted(list, at);
    this.position.delete(this.ids[at] as string);
    this.ids.splice(at, 1);
    this.keys.splice(at, 1);
    this.wordsAt.splice(at, 1);
    this.listsAt.splice(at, 1);
    this.shift(at + 1, -1);
    this.renumber(at);
  }

  /** Adds `by` to every position at or after `from`, in every posting list (each stays sorted). */
  private shift(from: number, by: number): void {
    const move = (list: number[]) => {
      for (let i = lowerBound(list, from); i < list.length; i++) (list[i] as number) += by;
    };
    for (const list of this.byYear.values()) move(list);
    for (const map of this.byValue.values()) for (const list of map.values()) move(list);
    for (const list of this.byWord.values()) move(list);
  }

  /** Positions from `from` on, after users moved. */
  private renumber(from: number): void {
    for (let i = from; i < this.ids.length; i++) this.position.set(this.ids[i] as string, i);
  }

  get size(): number {
    return this.ids.length;
  }

  /** The ids of every match but `exclude` (the searcher), in result order. */
  search(filters: SearchFilters, exclude?: string): string[] {
    const sets: number[][][] = [];
    if (filters.class_of?.length) sets.push(filters.class_of.map((y) => this.byYear.get(y) ?? []));
    for (const filter of TEXT_FILTERS) {
      const values = filters[filter];
      if (!values?.length) continue;
      const map = this.byValue.get(filter) as Map<string, number[]>;
      sets.push(values.map((v) => map.get(norm(v)) ?? []));
    }
    const tokens = [...new Set(words(filters.q))];
    if (filters.q !== undefined && filters.q.trim() !== '' && tokens.length === 0) return [];
    // With no filter to narrow by, the keyword's prefix postings do it; otherwise check the few candidates.
    const checkTokens = sets.length > 0 ? tokens : [];
    if (sets.length === 0) for (const token of tokens) sets.push(this.prefixPostings(token));
    if (sets.length === 0) return this.ids.filter((id) => id !== exclude);

    // hits[p] counts the filters p passed so far; OR within a filter (one increment), AND across.
    const hits = new Uint8Array(this.ids.length);
    sets.sort((a, b) => total(a) - total(b));
    sets.forEach((lists, i) => {
      for (const list of lists) for (const p of list) if (hits[p] === i) hits[p] = i + 1;
    });
    const wanted = sets.length;
    const out: string[] = [];
    for (const p of candidates(sets[0] ?? [], hits, wanted)) {
      const own = this.wordsAt[p] ?? [];
      const id = this.ids[p] as string;
      if (id !== exclude && checkTokens.every((t) => own.some((w) => w.startsWith(t)))) out.push(id);
    }
    return out;
  }

  /** Postings of every word that starts with `prefix`. */
  private prefixPostings(prefix: string): number[][] {
    let lo = 0;
    let hi = this.vocabulary.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.vocabulary[mid] as string) < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: number[][] = [];
    for (let i = lo; i < this.vocabulary.length; i++) {
      const word = this.vocabulary[i] as string;
      if (!word.startsWith(prefix)) break;
      out.push(this.byWord.get(word) ?? []);
    }
    return out;
  }
}

const total = (lists: number[][]) => lists.reduce((n, l) => n + l.length, 0);

/** The positions that passed every filter, ascending: from the smallest filter's postings, or a scan when they are many. */
function candidates(smallest: number[][], hits: Uint8Array, wanted: number): number[] {
  if (total(smallest) * 8 > hits.length) {
    const out: number[] = [];
    for (let p = 0; p < hits.length; p++) if (hits[p] === wanted) out.push(p);
    return out;
  }
  const seen = new Set<number>();
  for (const list of smallest) for (const p of list) if (hits[p] === wanted) seen.add(p);
  return [...seen].sort((a, b) => a - b);
}
