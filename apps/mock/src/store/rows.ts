import type { Row } from './collection.ts';
import { COLLECTION_SPECS, collectionNamed } from './collections.ts';
import type { State } from './types.ts';

export type { Row } from './collection.ts';

/**
 * Every row of a state, in the order that rebuilds it (users in seed order, messages oldest first);
 * `items: false` leaves out the profile items (written to their own tables in bulk).
 */
export function* rowsOf(state: State, { items = true }: { items?: boolean } = {}): Generator<Row> {
  for (const spec of COLLECTION_SPECS) if (items || !spec.itemTable) yield* spec.rows(state);
}

/**
 * The state that rows describe, in the rows' order. Not checked here: the caller validates the
 * result with the state schema before a store ever sees it. A row of an unknown collection is skipped.
 */
export function stateFromRows(rows: Iterable<Row>): unknown {
  const state = { version: 1 } as State;
  for (const spec of COLLECTION_SPECS) spec.init?.(state);
  for (const { collection, key, value } of rows) collectionNamed(collection)?.add(state, key, value);
  for (const spec of COLLECTION_SPECS) spec.finish?.(state);
  return state;
}

/**
 * Writes one row's value into a plain state (`undefined` removes it): how a failed transaction
 * puts back what it had changed. Linear in the collection, which only a rollback pays.
 */
export function writeRow(state: State, { collection, key, value }: Row): void {
  collectionNamed(collection)?.write(state, key, value);
}
