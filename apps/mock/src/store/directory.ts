import type { components } from '@cohort/api';
import type { Store } from './store.ts';
import type { StoredUser } from './types.ts';

export type PersonSummary = components['schemas']['PersonSummary'];
export type PersonPage = components['schemas']['PersonPage'];
export type SearchFilters = components['schemas']['UserSearchFilters'];

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

export function toPerson(u: StoredUser): PersonSummary {
  return {
    id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    profile_image: u.profile_image,
    university: u.university ?? null,
    program: u.program ?? null,
    major: u.major,
    graduation_year: u.graduation_year ?? null,
    company: u.company,
    industry: u.industry,
    location: u.location,
    last_seen_at: u.last_seen_at,
  };
}

const norm = (value: string) => value.trim().toLowerCase();
const WORD = /[\p{L}\p{N}]+/gu;
const words = (text: string | null | undefined) => (text ? (text.toLowerCase().match(WORD) ?? []) : []);

function push<K>(map: Map<K, number[]>, key: K, position: number): void {
  const list = map.get(key);
  if (list) list.push(position);
  else map.set(key, [position]);
}

/**
 * Inverted indexes over the directory. Users are numbered by result order (last name, first name,
 * id), so every posting list is sorted and a match set read in position order is already sorted.
 */
export class DirectoryIndex {
  readonly version: number;
  private readonly ids: string[];
  private readonly byYear = new Map<number, number[]>();
  private readonly byValue = new Map<TextFilter, Map<string, number[]>>();
  /** Word → positions of the users whose name, company or description has it. */
  private readonly byWord = new Map<string, number[]>();
  /** Every indexed word, sorted, for prefix look-ups. */
  private readonly vocabulary: string[];
  /** Position → the user's words, to check a keyword against a few candidates directly. */
  private readonly wordsAt: string[][];

  constructor(store: Store) {
    this.version = store.directoryVersion;
    const { users, clubs, interests } = store.snapshot();
    const keyed = users.map((u) => ({ u, key: `${u.last_name}\u0000${u.first_name}\u0000${u.id}`.toLowerCase() }));
    keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.ids = keyed.map(({ u }) => u.id);
    const position = new Map(this.ids.map((id, i) => [id, i]));
    for (const filter of TEXT_FILTERS) this.byValue.set(filter, new Map());
    const index = (filter: TextFilter, value: string | null | undefined, at: number) => {
      if (value) push(this.byValue.get(filter) as Map<string, number[]>, norm(value), at);
    };
    this.wordsAt = keyed.map(({ u }, at) => {
      if (u.graduation_year != null) push(this.byYear, u.graduation_year, at);
      index('university', u.university, at);
      index('program', u.program, at);
      index('major', u.major, at);
      index('company', u.company, at);
      index('industry', u.industry, at);
      index('desired_industry', u.desired_industry, at);
      index('location', u.location, at);
      const own = [
        ...new Set([...words(u.first_name), ...words(u.last_name), ...words(u.company), ...words(u.description)]),
      ];
      for (const word of own) push(this.byWord, word, at);
      return own;
    });
    // Clubs and interests are kept apart from users: their postings arrive out of order.
    for (const [filter, items] of [
      ['club', clubs],
      ['interest', interests],
    ] as const) {
      const map = this.byValue.get(filter) as Map<string, number[]>;
      for (const item of items) {
        const at = position.get(item.user_id);
        if (at !== undefined) push(map, norm(item.name), at);
      }
      for (const [key, list] of map)
        map.set(
          key,
          [...new Set(list)].sort((a, b) => a - b),
        );
    }
    this.vocabulary = [...this.byWord.keys()].sort();
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

/** The positions that passed every filter, ascending: from the smallest filter's postings. */
function candidates(smallest: number[][], hits: Uint8Array, wanted: number): number[] {
  const seen = new Set<number>();
  for (const list of smallest) for (const p of list) if (hits[p] === wanted) seen.add(p);
  return [...seen].sort((a, b) => a - b);
}

const indexes = new WeakMap<Store, DirectoryIndex>();

/** The store's index, rebuilt when a user, club or interest changed since it was built. */
export function directoryOf(store: Store): DirectoryIndex {
  let index = indexes.get(store);
  if (!index || index.version !== store.directoryVersion) {
    index = new DirectoryIndex(store);
    indexes.set(store, index);
  }
  return index;
}

export function searchPeople(
  store: Store,
  viewer: string,
  filters: SearchFilters,
  page: number,
  perPage: number,
): PersonPage {
  const ids = directoryOf(store).search(filters, viewer);
  const start = (page - 1) * perPage;
  return {
    data: ids.slice(start, start + perPage).flatMap((id) => {
      const user = store.findUser(id);
      return user ? [toPerson(user)] : [];
    }),
    current_page: page,
    per_page: perPage,
    total: ids.length,
    last_page: Math.max(1, Math.ceil(ids.length / perPage)),
  };
}
