import type { components } from '@cohort/api';
import type { UNIVERSITIES } from '../lib/catalog.ts';
import { byCodeUnits } from '../lib/compare.ts';
import { HttpError } from '../lib/http-error.ts';
import type { Accounts } from './accounts.ts';
import type { Blocks } from './blocks.ts';
import { mapCollection } from './collection.ts';
import type { StoreCore } from './core.ts';
import { toPerson } from './person.ts';
import { record, str } from './row-schema.ts';
import type { StoredLocation, StoredUser } from './types.ts';

type Schemas = components['schemas'];
export type LocationSharing = Schemas['LocationSharing'];
export type NearbyPage = Schemas['NearbyPage'];
type Band = Schemas['DistanceBand'];

/** Sharing stops by itself this long after the last update. */
export const SHARE_TTL_MS = 24 * 3600_000;
/** Position updates a user may make per hour (so a fake position walked around someone cannot locate them). */
export const SHARE_UPDATES_PER_HOUR = 10;
/** The grid positions are kept on: 0.01° (about 1.1 km of latitude). */
const GRID = 100;
const BANDS: [number, Band][] = [
  [1, 'within_1_km'],
  [5, 'within_5_km'],
  [20, 'within_20_km'],
  [50, 'within_50_km'],
];

/** Where each catalog university's campus is, for the seeded users who share a location around it. */
const CAMPUSES: Record<(typeof UNIVERSITIES)[number]['name'], [number, number]> = {
  'Stanford University': [37.4275, -122.1697],
  'Harvard University': [42.377, -71.1167],
  'Massachusetts Institute of Technology': [42.3601, -71.0942],
  'University of Pennsylvania': [39.9522, -75.1932],
  'Northwestern University': [42.0565, -87.6753],
  'Columbia University': [40.8075, -73.9626],
  'University of Chicago': [41.7886, -87.5987],
  'University of California, Berkeley': [37.8719, -122.2585],
};

/** A position as the store keeps it (the journal shows it so too). */
export const roundToGrid = (degrees: number) => Math.round(degrees * GRID) / GRID;
const round = roundToGrid;

function km(a: [number, number], b: [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (b[0] - a[0]) * rad;
  const dLon = (b[1] - a[1]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** FNV-1a of the text, as a number in [0, 1). */
function unit(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0) / 2 ** 32;
}

/** User id → their shared position. */
export const LOCATIONS = mapCollection({
  name: 'location',
  place: { field: 'locations', optional: true },
  item: () => record({ latitude: { type: 'number' }, longitude: { type: 'number' }, expires_at: str }),
  read: (areas: { readonly nearby: Nearby }, key) => areas.nearby.all()[key],
});

/**
 * Find People Nearby (the contract's `shareLocation`, `listNearby`): opt-in, a position kept only
 * rounded to the 0.01° grid and for 24 hours, others shown only as a distance band. Seeded users
 * (who never set a password) share a position around their campus, derived from the seed and their
 * id when first asked for, so no row is written for them and start-up does not grow with them.
 */
export class Nearby {
  private readonly seeded = new Map<string, [number, number] | null>();
  /** User id → when their recent updates were made (memory only: a restart forgives). */
  private readonly updates = new Map<string, number[]>();

  constructor(
    private readonly core: StoreCore,
    private readonly areas: { readonly accounts: Accounts; readonly blocks: Blocks },
    private readonly shares: Record<string, StoredLocation>,
    private readonly seed: () => number,
  ) {}

  all(): Record<string, StoredLocation> {
    return this.shares;
  }

  private own(userId: string): StoredLocation | undefined {
    const share = this.shares[userId];
    return share && Date.parse(share.expires_at) > this.core.nowMs() ? share : undefined;
  }

  /** Where a seeded user shares from: a third of them, within about 15 km of their campus. */
  private seededPosition(user: StoredUser): [number, number] | null {
    let position = this.seeded.get(user.id);
    if (position !== undefined) return position;
    const campus = CAMPUSES[user.university as keyof typeof CAMPUSES];
    const key = `${this.seed()}:${user.id}`;
    position = null;
    if (campus && user.password_hash === null && user.id !== this.areas.accounts.first(1)[0]?.id) {
      if (unit(`${key}:shares`) < 1 / 3) {
        const angle = unit(`${key}:angle`) * 2 * Math.PI;
        const reach = unit(`${key}:reach`) * 0.14; // degrees: up to about 15 km
        position = [round(campus[0] + reach * Math.sin(angle)), round(campus[1] + reach * Math.cos(angle))];
      }
    }
    this.seeded.set(user.id, position);
    return position;
  }

  private positionOf(user: StoredUser): [number, number] | null {
    const share = this.own(user.id);
    return share ? [share.latitude, share.longitude] : this.seededPosition(user);
  }

  get(userId: string): LocationSharing {
    const share = this.own(userId);
    return share
      ? { sharing: true, latitude: share.latitude, longitude: share.longitude, expires_at: share.expires_at }
      : { sharing: false, latitude: null, longitude: null, expires_at: null };
  }

  share(userId: string, latitude: number, longitude: number): LocationSharing {
    const now = this.core.nowMs();
    const recent = (this.updates.get(userId) ?? []).filter((t) => now - t < 3600_000);
    if (recent.length >= SHARE_UPDATES_PER_HOUR) {
      const seconds = Math.max(1, Math.ceil(((recent[0] ?? now) + 3600_000 - now) / 1000));
      throw new HttpError(429, `Too many location updates. Try again in ${seconds} seconds.`, undefined, {
        'Retry-After': String(seconds),
      });
    }
    recent.push(now);
    this.updates.set(userId, recent);
    this.core.touch(LOCATIONS, userId);
    this.shares[userId] = {
      latitude: round(latitude),
      longitude: round(longitude),
      expires_at: new Date(now + SHARE_TTL_MS).toISOString(),
    };
    return this.get(userId);
  }

  /** Stops sharing (a seeded user too: they are then stored as not sharing until they share again). */
  stop(userId: string): LocationSharing {
    const user = this.areas.accounts.require(userId);
    if (this.shares[userId] || this.seededPosition(user)) {
      this.core.touch(LOCATIONS, userId);
      // An expired share stands for "not sharing" (a seeded user's stopped share too).
      this.shares[userId] = { latitude: 0, longitude: 0, expires_at: new Date(0).toISOString() };
      this.seeded.set(userId, null);
    }
    return this.get(userId);
  }

  forgetUser(userId: string): void {
    this.seeded.delete(userId);
    if (!this.shares[userId]) return;
    this.core.touch(LOCATIONS, userId);
    delete this.shares[userId];
  }

  /** Everyone else sharing within 50 km of the user's own shared position, by band, then by name; nobody for a user who does not share. */
  list(userId: string, page: number, perPage: number): NearbyPage {
    const me = this.own(userId);
    if (!me) return { data: [], current_page: page, per_page: perPage, total: 0, last_page: 1, sharing: false };
    const here: [number, number] = [me.latitude, me.longitude];
    const hidden = this.areas.blocks.hiddenFrom(userId);
    const found: { user: StoredUser; band: number }[] = [];
    for (const user of this.areas.accounts.all()) {
      if (user.id === userId || hidden.has(user.id)) continue;
      const there = this.positionOf(user);
      if (!there) continue;
      const distance = km(here, there);
      const band = BANDS.findIndex(([limit]) => distance < limit);
      if (band !== -1) found.push({ user, band });
    }
    const name = (u: StoredUser) => `${u.first_name} ${u.last_name}`;
    found.sort(
      (a, b) => a.band - b.band || name(a.user).localeCompare(name(b.user)) || byCodeUnits(a.user.id, b.user.id),
    );
    const start = (page - 1) * perPage;
    return {
      data: found.slice(start, start + perPage).map(({ user, band }) => ({
        person: toPerson(user),
        distance: (BANDS[band] as [number, Band])[1],
      })),
      current_page: page,
      per_page: perPage,
      total: found.length,
      last_page: Math.max(1, Math.ceil(found.length / perPage)),
      sharing: true,
    };
  }
}
