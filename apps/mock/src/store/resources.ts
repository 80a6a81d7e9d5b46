import { groupedCollection, groupKey, splitKey } from './collection.ts';
import type { StoreCore } from './core.ts';
import { contractRecord, strings } from './row-schema.ts';
import type { ResourceItem, ResourceKind, ResourcePage, StoredResource } from './types.ts';
import { RESOURCE_KINDS } from './types.ts';

/** A university name typed at registration or in an experience is listed once this many accounts use it. */
export const UNIVERSITY_LISTING_THRESHOLD = 3;

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The pickable lists, keyed `kind/id`. */
export const RESOURCES = groupedCollection({
  name: 'resource',
  place: { field: 'resources' },
  groups: RESOURCE_KINDS,
  item: (doc) => contractRecord(doc, 'ResourceItem', { optional: { pending_by: strings } }),
  read: (areas: { readonly resources: Resources }, key) => {
    const [kind, id] = splitKey(key);
    return areas.resources.find(kind as ResourceKind, Number(id));
  },
});

/** The pickable lists: clubs, positions, universities, majors, tags, … */
export class Resources {
  constructor(
    private readonly core: StoreCore,
    private readonly lists: Record<ResourceKind, ResourceItem[]>,
  ) {}

  all(): Record<ResourceKind, ResourceItem[]> {
    return this.lists;
  }

  list(kind: ResourceKind, q: string | undefined, page: number, perPage: number): ResourcePage {
    const needle = q?.trim().toLowerCase();
    // Names people typed are listed only once enough accounts use them (see findOrCreate).
    const all = this.lists[kind].filter((item) => !(item as StoredResource).pending_by);
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

  find(kind: ResourceKind, id: number): ResourceItem | undefined {
    return this.lists[kind].find((item) => item.id === id);
  }

  /**
   * The item of that name (case-insensitive), created when there is none. A name a user typed is
   * kept for that user but stays out of the public list (`pending_by`) until
   * UNIVERSITY_LISTING_THRESHOLD accounts use it, so one account cannot publish free text to
   * everyone (a real backend would moderate it).
   */
  findOrCreate(kind: ResourceKind, name: string, typedBy?: string): ResourceItem {
    const list = this.lists[kind];
    const found = list.find((item) => sameName(item.name, name)) as StoredResource | undefined;
    if (found) {
      if (found.pending_by && typedBy && !found.pending_by.includes(typedBy)) {
        this.core.touch(RESOURCES, groupKey(kind, found.id));
        found.pending_by.push(typedBy);
        if (found.pending_by.length >= UNIVERSITY_LISTING_THRESHOLD) delete found.pending_by;
      }
      return found;
    }
    const item: StoredResource = { id: this.core.nextId('resource'), name: name.trim() };
    if (typedBy) item.pending_by = [typedBy];
    this.core.touch(RESOURCES, groupKey(kind, item.id));
    list.push(item);
    return item;
  }
}
