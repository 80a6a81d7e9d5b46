import type { OpenApiDocument } from '@cohort/openapi/schema';
import { list, map, record, type Schema } from './row-schema.ts';
import { emptyChatState, emptyFeedState, emptySocialState, type State } from './types.ts';

/**
 * The state as rows: what a transaction marks as changed and what `--data` stores, one row per
 * user, token, note, message, … so that a write costs what it changed, not what the state holds.
 * A row is (collection, key) → a JSON value; `undefined` means the row is gone.
 */
export interface Row {
  collection: string;
  key: string;
  value: unknown;
}

/** The parts of the state that group several collections; each is absent in files written before it. */
const PARTS = { chat: emptyChatState, social: emptySocialState, feed: emptyFeedState };
export type Part = keyof typeof PARTS;

/** Where a collection's rows sit in the state: a field of the state, or of one of its parts. */
export interface Place {
  part?: Part;
  field: string;
  /** Absent in files written before it existed (the store starts it empty). */
  optional?: boolean;
}

/** A field of the state schema, and where it sits. */
export interface SchemaField {
  place: Place;
  schema: Schema;
}

/**
 * One collection of rows, declared beside the area that owns it: its name in `--data`, where its
 * rows sit in the state and their schema, and how one is read from the running store. Persistence
 * and rollbacks go through the list of them (`collections.ts`), never a switch over names.
 * `A` is what `read` needs of the store: the owning area, by name.
 */
export interface CollectionSpec<A = never> {
  readonly name: string;
  /** Kept in tables of their own in `--data` (the profile items), not as rows. */
  readonly itemTable?: boolean;
  /** Every row of this collection in a state, in the order that rebuilds it. */
  rows(state: State): Iterable<Row>;
  /** Appends a row read from a file to a state being rebuilt from rows (not checked yet). */
  add(state: State, key: string, value: unknown): void;
  /** Writes one row's value into a state (`undefined` removes it): how a rollback puts a row back. */
  write(state: State, key: string, value: unknown): void;
  /** Called once a state is rebuilt from rows. */
  finish?(state: State): void;
  /** Required top-level fields start empty in a state rebuilt from rows. */
  init?(state: State): void;
  /** What this collection adds to the state schema. */
  schema(doc: OpenApiDocument): SchemaField[];
  /** The row's current value in the store (undefined when it does not exist). */
  read(areas: A, key: string): unknown;
}

/** Any collection, whatever its `read` needs of the store (what a transaction records a change to). */
export type AnyCollection = CollectionSpec<never>;

type Loose = Record<string, unknown>;

/** The object that holds a place's field (a part is made, with all its fields empty, when `create`). */
function holderOf(state: State, place: Place, create: boolean): Loose | undefined {
  if (!place.part) return state as unknown as Loose;
  const loose = state as unknown as Loose;
  let part = loose[place.part] as Loose | undefined;
  if (part === undefined && create) {
    part = PARTS[place.part]() as unknown as Loose;
    loose[place.part] = part;
  }
  return part;
}

/** The value at a place: made empty by `empty` when absent and `create`. */
function at<T>(state: State, place: Place, empty: () => T, create: boolean): T | undefined {
  const holder = holderOf(state, place, create);
  if (!holder) return undefined;
  let value = holder[place.field] as T | undefined;
  if (value === undefined && create) {
    value = empty();
    holder[place.field] = value;
  }
  return value;
}

/** Puts `value` in place of the item with id `id` in `list` (`undefined`: removes it). Linear: only a rollback pays it. */
function replaceById(list: { id: unknown }[], id: string, value: unknown): void {
  const found = list.findIndex((item) => String(item.id) === id);
  if (value === undefined) {
    if (found !== -1) list.splice(found, 1);
  } else if (found === -1) list.push(value as { id: unknown });
  else list[found] = value as { id: unknown };
}

function inRecord(record: Loose, key: string, value: unknown): void {
  if (value === undefined) delete record[key];
  else record[key] = value;
}

interface Declared<A> {
  name: string;
  place: Place;
  /** One row's value. */
  item: (doc: OpenApiDocument) => Schema;
  read: (areas: A, key: string) => unknown;
  itemTable?: boolean;
}

/** What every shape has in common: a required top-level field starts empty in a rebuilt state. */
function common<A>(declared: Declared<A>, empty: () => unknown, wrap: (item: Schema) => Schema) {
  const { name, place, item, read, itemTable } = declared;
  return {
    name,
    ...(itemTable ? { itemTable } : {}),
    read,
    schema: (doc: OpenApiDocument) => [{ place, schema: wrap(item(doc)) }],
    ...(place.part || place.optional
      ? {}
      : {
          init: (state: State) => {
            (state as unknown as Loose)[place.field] = empty();
          },
        }),
  };
}

/** A list of items keyed by their `id`, in the state's order. */
export function listCollection<A>(declared: Declared<A>): CollectionSpec<A> {
  const { name, place } = declared;
  const empty = (): unknown[] => [];
  return {
    ...common(declared, empty, list),
    *rows(state) {
      for (const item of at(state, place, empty, false) ?? [])
        yield { collection: name, key: String((item as { id: unknown }).id), value: item };
    },
    add: (state, _key, value) => {
      (at(state, place, empty, true) as unknown[]).push(value);
    },
    write: (state, key, value) => replaceById(at(state, place, empty, true) as { id: unknown }[], key, value),
  };
}

/** A record of values keyed by its keys (a user id, a token's hash). */
export function mapCollection<A>(declared: Declared<A>): CollectionSpec<A> {
  const { name, place } = declared;
  const empty = (): Loose => ({});
  return {
    ...common(declared, empty, map),
    *rows(state) {
      for (const [key, value] of Object.entries(at(state, place, empty, false) ?? {}))
        yield { collection: name, key, value };
    },
    add: (state, key, value) => {
      (at(state, place, empty, true) as Loose)[key] = value;
    },
    write: (state, key, value) => inRecord(at(state, place, empty, true) as Loose, key, value),
  };
}

/** A group and an id as one key (`group/id`), so a row finds its place without an index. */
export const groupKey = (group: string, id: string | number) => `${group}/${id}`;

export const splitKey = (key: string): [string, string] => {
  const found = key.indexOf('/');
  return [key.slice(0, found), key.slice(found + 1)];
};

/**
 * Lists of items in groups (a channel's messages, a kind's resources), keyed `group/id`. With
 * `groups`, exactly those, each required, in that order; otherwise any.
 */
export function groupedCollection<A>(
  declared: Declared<A> & { groups?: readonly string[]; finish?: (state: State) => void },
): CollectionSpec<A> {
  const { name, place, groups, finish } = declared;
  const empty = (): Record<string, unknown[]> => (groups ? Object.fromEntries(groups.map((g) => [g, []])) : {});
  const wrap = (item: Schema) =>
    groups ? record(Object.fromEntries(groups.map((g) => [g, list(item)]))) : map(list(item));
  const listOf = (state: State, group: string) => {
    const all = at(state, place, empty, true) as Record<string, unknown[]>;
    all[group] ??= [];
    return all[group];
  };
  return {
    ...common(declared, empty, wrap),
    ...(finish ? { finish } : {}),
    *rows(state) {
      const all = at(state, place, empty, false) ?? {};
      for (const [group, items] of groups ? groups.map((g) => [g, all[g] ?? []] as const) : Object.entries(all)) {
        for (const item of items)
          yield { collection: name, key: groupKey(group, (item as { id: string | number }).id), value: item };
      }
    },
    add: (state, key, value) => listOf(state, splitKey(key)[0]).push(value),
    write: (state, key, value) => {
      const [group, id] = splitKey(key);
      replaceById(listOf(state, group) as { id: unknown }[], id, value);
    },
  };
}

/** A part of the state, made (with all its fields empty) if the state has none yet. */
export const partOf = (state: State, part: Part): Record<string, unknown> =>
  holderOf(state, { part, field: '' }, true) as Record<string, unknown>;
