import type { components } from '@cohort/api';
import type { Blocks } from './blocks.ts';
import { DirectoryIndex, type IndexUses, type SearchFilters } from './directory-index.ts';
import { toPerson } from './person.ts';

export { type PersonSummary, toPerson } from './person.ts';
export type PersonPage = components['schemas']['PersonPage'];

/**
 * A search index several stores read while their directory is still the one they started from (the
 * sessions of one seed, see session-stores.ts): built once, by the first to search, and never
 * updated in place.
 */
export interface SharedIndex {
  get(build: () => DirectoryIndex): DirectoryIndex;
}

/** What the directory reads: everyone, their profile items (for the index), who is hidden from whom. */
type DirectoryUses = IndexUses & { readonly blocks: Blocks };

/** The people directory: its search index, brought up to date on use (changed users in place, or rebuilt). */
export class Directory {
  private index: DirectoryIndex | undefined;
  /** The shared index, good while the directory version is still `version` (this store's at the start). */
  private shared: { index: SharedIndex; version: number } | undefined;

  /** An index being built a slice at a time (`warm`). */
  private building: DirectoryIndex | undefined;
  /** Set while `warm` gathers the club and interest names (before `building`). */
  private warming = false;

  constructor(private readonly areas: DirectoryUses) {}

  /**
   * Builds the index ahead of the first search, each slice run by `schedule` (the server passes
   * `setImmediate`), so no request waits for a whole build (seconds at 100,000 users): first
   * everyone's club and interest names, `slice` × 2 items of each at a time (with `--data` they are
   * read from the file) or, held in memory, `slice` × 2 owners' lists at a time, then everyone
   * sorted by name (`DirectoryIndex.fill`: runs of `slice` × 2 users sorted, then merged), then
   * `slice` users filed at a time. At 100,000 users no step takes much over 20 ms, where reading
   * 10,000 names or sorting everyone at once took 50–300 ms. A search before the last slice
   * finishes the filing at once (or, while the names are still being read, builds its own index).
   * What changes in the directory meanwhile is caught up on once the index is built, as any change
   * after it.
   */
  warm(schedule: (step: () => void) => void, slice = 1000): void {
    // Even the first step runs scheduled, not in the caller's turn.
    schedule(() => {
      if (this.index || this.shared || this.building || this.warming) return;
      const { accounts, profile } = this.areas;
      // From here on every change is recorded, to be caught up on (`current`).
      accounts.takeDirectoryChanges();
      const version = accounts.directoryVersion;
      const clubs = profile.clubs.gather('name', slice * 2);
      const interests = profile.interests.gather('name', slice * 2);
      let clubsOf: Map<string, string[]> | undefined;
      let interestsOf: Map<string, string[]> | undefined;
      this.warming = true;
      const file = (index: DirectoryIndex) => {
        if (this.building !== index) return;
        if (index.fill(slice)) {
          this.building = undefined;
          this.index = index;
        } else schedule(() => file(index));
      };
      const gather = () => {
        // A search built an index meanwhile: nothing left to warm.
        if (!this.warming) return;
        clubsOf ??= clubs();
        interestsOf ??= clubsOf && interests();
        if (!clubsOf || !interestsOf) return schedule(gather);
        this.warming = false;
        const index = new DirectoryIndex(this.areas, { later: true, gathered: { version, clubsOf, interestsOf } });
        this.building = index;
        schedule(() => file(index));
      };
      gather();
    });
  }

  /** Searches `index` until something the directory holds changes here; then this store builds its own. */
  share(index: SharedIndex): void {
    this.shared = { index, version: this.areas.accounts.directoryVersion };
  }

  /** The index, caught up with every change since it was last used. */
  current(): DirectoryIndex {
    const { accounts } = this.areas;
    // A search while the warm-up reads the names builds its own index instead (below).
    this.warming = false;
    const building = this.building;
    this.building = undefined;
    if (building) {
      building.fill();
      this.index = building;
    }
    if (this.index && this.index.version === accounts.directoryVersion) return this.index;
    // Never kept as `index`, so never updated in place: a change here makes this store build its own.
    if (!this.index && this.shared?.version === accounts.directoryVersion) {
      return this.shared.index.get(() => new DirectoryIndex(this.areas));
    }
    this.shared = undefined;
    const changed = accounts.takeDirectoryChanges();
    if (!this.index || !changed || !this.index.update(this.areas, changed)) this.index = new DirectoryIndex(this.areas);
    return this.index;
  }

  /**
   * The ids of everyone the filters find but `exclude` (the searcher) and anyone on the other side
   * of a block with them, in result order.
   */
  search(filters: SearchFilters, exclude?: string): string[] {
    const found = this.current().search(filters, exclude);
    const hidden = exclude === undefined ? undefined : this.areas.blocks.hiddenFrom(exclude);
    return hidden?.size ? found.filter((id) => !hidden.has(id)) : found;
  }

  page(viewer: string, filters: SearchFilters, page: number, perPage: number): PersonPage {
    const ids = this.search(filters, viewer);
    const start = (page - 1) * perPage;
    return {
      data: ids.slice(start, start + perPage).flatMap((id) => {
        const user = this.areas.accounts.find(id);
        return user ? [toPerson(user)] : [];
      }),
      current_page: page,
      per_page: perPage,
      total: ids.length,
      last_page: Math.max(1, Math.ceil(ids.length / perPage)),
    };
  }
}
