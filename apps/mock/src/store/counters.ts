import { type CollectionSpec, partOf } from './collection.ts';
import { counter, int, record } from './row-schema.ts';
import { type ChatState, COUNTERS, type Counter, FIRST_COUNTERS, type SocialState, type State } from './types.ts';

/** What the store itself keeps as rows: the seed, and where each id counter's reserved block ends. */
export interface StoreRows {
  readonly seedNumber: number;
  readonly reservedIds: Record<Counter, number>;
}

/** The state's seed (`meta/seed`); the schema's `version` goes with it. */
export const META: CollectionSpec<StoreRows> = {
  name: 'meta',
  *rows(state) {
    yield { collection: 'meta', key: 'seed', value: state.seed };
  },
  add: (state, key, value) => {
    if (key === 'seed') state.seed = value as number;
  },
  write: (state, key, value) => {
    if (key === 'seed' && typeof value === 'number') state.seed = value;
  },
  schema: () => [
    { place: { field: 'version' }, schema: { const: 1 } },
    { place: { field: 'seed' }, schema: int },
  ],
  read: (store, key) => (key === 'seed' ? store.seedNumber : undefined),
};

/**
 * The id counters (`counters/next_id`). Files from before the one id scheme kept two of them in the
 * chat part (a `counters/chat` row): read once into `next_id` (see `fillCounters`).
 */
export const ID_COUNTERS: CollectionSpec<StoreRows> = {
  name: 'counters',
  *rows(state) {
    yield { collection: 'counters', key: 'next_id', value: state.next_id };
  },
  add: (state, key, value) => {
    if (key === 'next_id') state.next_id = value as State['next_id'];
    else if (key === 'chat') Object.assign(partOf(state, 'chat'), value);
  },
  write: (state, key, value) => {
    if (key === 'next_id') state.next_id = value as State['next_id'];
    else Object.assign(partOf(state, 'chat'), value);
  },
  schema: () => [
    {
      place: { field: 'next_id' },
      schema: record(
        Object.fromEntries(FIRST_COUNTERS.map((c) => [c, counter])),
        Object.fromEntries(COUNTERS.map((c) => [c, counter])),
      ),
    },
    { place: { part: 'chat', field: 'next_report_id', optional: true }, schema: counter },
    { place: { part: 'chat', field: 'next_event_id', optional: true }, schema: counter },
  ],
  read: (store, key) => (key === 'next_id' ? store.reservedIds : undefined),
};

/**
 * Every counter of the one id scheme, for states written before some existed: a counter the state
 * lacks starts after the highest id of its kind (or where the old per-area counter was).
 */
export function fillCounters(state: State, chat: ChatState, social: SocialState): Record<Counter, number> {
  const after = (items: readonly { id: number }[], at = 1) => items.reduce((n, item) => Math.max(n, item.id + 1), at);
  const known: Partial<Record<Counter, number>> = state.next_id;
  const derived: Record<Counter, () => number> = {
    note: () => after(state.notes),
    club: () => after(state.clubs),
    interest: () => after(state.interests),
    direction: () => after(state.directions),
    experience: () => after(state.experiences),
    resource: () => after(Object.values(state.resources).flat()),
    saved_message: () => after(state.saved_messages),
    report: () => after(chat.reports, chat.next_report_id),
    event: () => after(chat.events, chat.next_event_id),
    saved_list: () => after(social.saved_lists),
    connection: () => after(social.connections),
    channel_invite: () => after(social.channel_invites),
    notification: () => after(state.notifications ?? []),
    block: () => after(state.blocks ?? []),
    post_report: () => after(state.feed?.reports ?? []),
  };
  return Object.fromEntries(COUNTERS.map((c) => [c, known[c] ?? derived[c]()])) as Record<Counter, number>;
}
