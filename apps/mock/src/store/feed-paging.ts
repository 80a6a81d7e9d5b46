import type { components } from '@cohort/api';
import { byCodeUnits } from '../lib/compare.ts';
import { fromBase64Url, toBase64Url } from '../lib/crypto.ts';

type PageMeta = components['schemas']['PageMeta'];

/** Where a page of a time-ordered list ends: the last item's (`created_at`, `id`). */
export interface Position {
  created_at: string;
  id: string;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)\|([a-z]+_[A-Za-z0-9_-]{16,64})$/;

export const encodeCursor = (p: Position): string => toBase64Url(new TextEncoder().encode(`${p.created_at}|${p.id}`));

/** A cursor's text; '' when it is not base64url at all (it then matches nothing). */
function cursorText(cursor: string): string {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(cursor)) return '';
  try {
    return new TextDecoder().decode(fromBase64Url(cursor.replace(/=+$/, '')));
  } catch {
    return '';
  }
}

/** The position a cursor names (undefined: the first page; null: a cursor the server did not make). */
export function decodeCursor(cursor: string | undefined): Position | undefined | null {
  if (cursor === undefined) return undefined;
  const match = CURSOR.exec(cursorText(cursor));
  return match?.[1] && match[2] ? { created_at: match[1], id: match[2] } : null;
}

/** What a cursor the server did not make reads: an empty last page. */
export const EMPTY_PAGE = { data: [], meta: { has_more: false, next_cursor: null } };

/** Newest first: later `created_at`, then the greater id. */
export const newestFirst = (a: Position, b: Position): number =>
  byCodeUnits(b.created_at, a.created_at) || byCodeUnits(b.id, a.id);

/** Whether `item` comes after `cursor` in newest-first order (strictly older). */
export const olderThan = (item: Position, cursor: Position): boolean => newestFirst(cursor, item) < 0;

/**
 * Up to `limit + 1` items of an oldest-first list that come after `cursor` in newest-first order,
 * newest first: walks from the end, so a page costs its size, not the list's.
 */
export function newestBefore<T extends Position>(
  list: readonly T[],
  cursor: Position | undefined,
  limit: number,
  keep: (item: T) => boolean,
): T[] {
  const out: T[] = [];
  for (let i = list.length - 1; i >= 0; i--) {
    const item = list[i] as T;
    // Items made in the same millisecond sort by id, not by when they were added: take all of them.
    if (out.length > limit && item.created_at < (out.at(-1) as T).created_at) break;
    if (cursor && !olderThan(item, cursor)) continue;
    if (keep(item)) out.push(item);
  }
  return out.sort(newestFirst);
}

/** One page from candidates already in newest-first order, with the cursor of the next. */
export function pageOf<T extends Position>(sorted: T[], limit: number): { items: T[]; meta: PageMeta } {
  const items = sorted.slice(0, limit);
  const hasMore = sorted.length > limit;
  const last = items.at(-1);
  return { items, meta: { has_more: hasMore, next_cursor: hasMore && last ? encodeCursor(last) : null } };
}

/** Kept in one list per author and per group, oldest first, so a feed page reads only its sources' newest posts. */
export const push = <T>(map: Map<string, T[]>, key: string, item: T) => {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
};
export const drop = <T>(map: Map<string, T[]>, key: string, item: T) => {
  const list = map.get(key);
  const at = list?.indexOf(item) ?? -1;
  if (list && at !== -1) list.splice(at, 1);
};
export const byTime = (a: { created_at: string; id: string }, b: { created_at: string; id: string }) =>
  -newestFirst(a, b);
