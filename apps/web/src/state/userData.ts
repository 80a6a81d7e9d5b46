import type {
  ApiError,
  ClubEntry,
  CohortClient,
  Direction,
  Experience,
  Interest,
  Note,
  PublicUser,
  ResourceItem,
  ResourceKind,
  Schemas,
} from '@cohort/api';
import { atom, type Getter, type Setter } from 'jotai';
import { type ActionResult, fail, idle, type Loadable, ok } from '../lib/result.ts';
import { apiClientAtom } from './api.ts';

type Answer<T> = Promise<{ data: T; error?: never } | { data?: never; error: ApiError }>;

/** Maps a client result (`{ data: envelope } | { error }`) to `{ data: envelope.data } | { error }`. */
async function unwrap<T>(call: Promise<{ data?: { data: T }; error?: ApiError }>): Answer<T> {
  const result = await call;
  if (result.error) return { error: result.error };
  return { data: (result.data as { data: T }).data };
}

interface ListOps<T, I> {
  load: (api: CohortClient, userId: string, own: boolean) => Answer<T[]>;
  store?: (api: CohortClient, input: I) => Answer<T>;
  remove?: (api: CohortClient, id: number) => Answer<T>;
}

/**
 * One profile list (notes, clubs, ...): its load state, and load/add/remove actions that resolve to an
 * ActionResult so the screen can show the failure and keep the user's input.
 */
function createListArea<T extends { id: number }, I>(ops: ListOps<T, I>) {
  const baseAtom = atom<Loadable<T[]>>(idle<T[]>());
  let request = 0;

  const stateAtom = atom((get) => get(baseAtom));

  /** `owner` is the user whose list to show; `own` says it is the signed-in user's. */
  const loadAtom = atom(null, async (get: Getter, set: Setter, owner: string, own?: boolean): Promise<ActionResult> => {
    const ticket = ++request;
    const before = get(baseAtom);
    set(baseAtom, {
      status: 'loading',
      data: before.owner === owner ? before.data : undefined,
      error: null,
      owner,
    });
    const result = await ops.load(get(apiClientAtom), owner, own ?? true);
    if (ticket !== request) return ok(undefined); // a newer load (another user, or a reload) wins
    if (result.error) {
      set(baseAtom, (s) => ({ ...s, status: 'error', error: result.error }));
      return fail(result.error);
    }
    set(baseAtom, { status: 'ready', data: result.data, error: null, owner });
    return ok(undefined);
  });

  const addAtom = atom(null, async (get: Getter, set: Setter, input: I): Promise<ActionResult<T>> => {
    if (!ops.store) throw new Error('This list cannot be added to.');
    const result = await ops.store(get(apiClientAtom), input);
    if (result.error) return fail(result.error);
    const item = result.data;
    set(baseAtom, (s) => ({ ...s, data: [item, ...(s.data ?? []).filter((x) => x.id !== item.id)] }));
    return ok(item);
  });

  /** Removes the item the server says it removed (spec: 'using the returned data'). */
  const removeAtom = atom(null, async (get: Getter, set: Setter, id: number): Promise<ActionResult<T>> => {
    if (!ops.remove) throw new Error('This list cannot be removed from.');
    const result = await ops.remove(get(apiClientAtom), id);
    if (result.error) return fail(result.error);
    const removed = result.data;
    set(baseAtom, (s) => ({ ...s, data: (s.data ?? []).filter((x) => x.id !== removed.id) }));
    return ok(removed);
  });

  const resetAtom = atom(null, (_get, set) => {
    request++;
    set(baseAtom, idle<T[]>());
  });

  return { stateAtom, loadAtom, addAtom, removeAtom, resetAtom };
}

export const notes = createListArea<Note, Schemas['NoteInput']>({
  load: (api, id) => unwrap(api.GET('/api/v1/users/me/notes/{id}', { params: { path: { id } } })),
  store: (api, body) => unwrap(api.POST('/api/v1/users/me/notes/store', { body })),
  remove: (api, id) => unwrap(api.DELETE('/api/v1/users/me/notes/{id}', { params: { path: { id } } })),
});

export const clubs = createListArea<ClubEntry, Schemas['ClubInput']>({
  load: (api, userId) => unwrap(api.GET('/api/v1/users/me/clubs/{userId}', { params: { path: { userId } } })),
  store: (api, body) => unwrap(api.POST('/api/v1/users/me/clubs/store', { body })),
  remove: (api, id) => unwrap(api.DELETE('/api/v1/users/me/clubs/{id}/detach', { params: { path: { id } } })),
});

export const interests = createListArea<Interest, Schemas['NameInput']>({
  load: (api, userId) => unwrap(api.GET('/api/v1/users/me/interests/{userId}', { params: { path: { userId } } })),
  store: (api, body) => unwrap(api.POST('/api/v1/users/me/interests/store', { body })),
  remove: (api, id) => unwrap(api.DELETE('/api/v1/users/me/interests/{id}/detach', { params: { path: { id } } })),
});

export const directions = createListArea<Direction, Schemas['NameInput']>({
  load: (api, userId) => unwrap(api.GET('/api/v1/users/me/directions/{userId}', { params: { path: { userId } } })),
  store: (api, body) => unwrap(api.POST('/api/v1/users/me/directions/store', { body })),
  remove: (api, id) => unwrap(api.DELETE('/api/v1/users/me/directions/{id}/detach', { params: { path: { id } } })),
});

/** The signed-in user's experiences come from users/me/experiences; another user's from users/{id}/experiences. */
export const experiences = createListArea<Experience, Schemas['ExperienceInput']>({
  load: (api, id, own) =>
    own
      ? unwrap(api.GET('/api/v1/users/me/experiences'))
      : unwrap(api.GET('/api/v1/users/{id}/experiences', { params: { path: { id } } })),
  store: (api, body) => unwrap(api.POST('/api/v1/users/me/experiences/store', { body })),
});

// ---------- another user's profile header ----------

const otherUserBaseAtom = atom<Loadable<PublicUser>>(idle<PublicUser>());
export const otherUserAtom = atom((get) => get(otherUserBaseAtom));
export const loadOtherUserAtom = atom(null, async (get, set, id: string): Promise<ActionResult> => {
  set(otherUserBaseAtom, { status: 'loading', data: undefined, error: null, owner: id });
  const result = await unwrap(get(apiClientAtom).GET('/api/v1/users/{id}', { params: { path: { id } } }));
  if (get(otherUserBaseAtom).owner !== id) return ok(undefined);
  if (result.error) {
    set(otherUserBaseAtom, { status: 'error', data: undefined, error: result.error, owner: id });
    return fail(result.error);
  }
  set(otherUserBaseAtom, { status: 'ready', data: result.data, error: null, owner: id });
  return ok(undefined);
});

/** Reads the shown profile again in place (what it may show changed, e.g. a connection): no spinner. */
export const refreshOtherUserAtom = atom(null, async (get, set, id: string): Promise<void> => {
  if (get(otherUserBaseAtom).owner !== id) return;
  const result = await unwrap(get(apiClientAtom).GET('/api/v1/users/{id}', { params: { path: { id } } }));
  if (get(otherUserBaseAtom).owner !== id || result.error) return;
  set(otherUserBaseAtom, { status: 'ready', data: result.data, error: null, owner: id });
});

// ---------- saved messages (the profile's Saved Messages toggle) ----------

export type SavedMessage = Schemas['SavedMessage'];
const savedMessagesBaseAtom = atom<Loadable<SavedMessage[]>>(idle<SavedMessage[]>());
export const savedMessagesAtom = atom((get) => get(savedMessagesBaseAtom));
export const loadSavedMessagesAtom = atom(null, async (get, set): Promise<ActionResult> => {
  set(savedMessagesBaseAtom, (s) => ({ ...s, status: 'loading', error: null }));
  const result = await unwrap(get(apiClientAtom).GET('/api/v1/users/me/saved-messages'));
  if (result.error) {
    set(savedMessagesBaseAtom, (s) => ({ ...s, status: 'error', error: result.error }));
    return fail(result.error);
  }
  set(savedMessagesBaseAtom, { status: 'ready', data: result.data, error: null, owner: 'me' });
  return ok(undefined);
});

// ---------- pickable lists (clubs, positions, interests, directions, universities, ...) ----------

const RESOURCE_PAGE_SIZE = 100;
type ResourceLists = Partial<Record<ResourceKind, Loadable<ResourceItem[]>>>;
const resourcesBaseAtom = atom<ResourceLists>({});

export const resourcesAtom = atom((get) => get(resourcesBaseAtom));

/** Loads one kind's list (first 100 items, the API's page maximum) unless it is loaded or loading. */
export const loadResourceAtom = atom(null, async (get, set, kind: ResourceKind): Promise<ActionResult> => {
  const current = get(resourcesBaseAtom)[kind];
  if (current && (current.status === 'ready' || current.status === 'loading')) return ok(undefined);
  const put = (value: Loadable<ResourceItem[]>) => set(resourcesBaseAtom, (all) => ({ ...all, [kind]: value }));
  put({ status: 'loading', data: undefined, error: null, owner: kind });
  const result = await unwrap(
    get(apiClientAtom).GET('/api/v1/general/get-all-resource/', {
      params: { query: { resource: kind, per_page: RESOURCE_PAGE_SIZE } },
    }),
  );
  if (result.error) {
    put({ status: 'error', data: undefined, error: result.error, owner: kind });
    return fail(result.error);
  }
  put({ status: 'ready', data: result.data.data, error: null, owner: kind });
  return ok(undefined);
});

/** Clears every user-owned list (log out, session ended). Pickable lists are public and stay. */
export const resetUserDataAtom = atom(null, (_get, set) => {
  for (const area of [notes, clubs, interests, directions, experiences]) set(area.resetAtom);
  set(otherUserBaseAtom, idle<PublicUser>());
  set(savedMessagesBaseAtom, idle<SavedMessage[]>());
});
