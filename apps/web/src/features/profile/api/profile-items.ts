import type { ApiError, ClubEntry, CohortClient, Direction, Experience, Interest, Note, Schemas } from '@cohort/api';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { loadable, queryKey, settle, useClient } from '@/lib/query.ts';
import type { ActionResult } from '@/lib/result.ts';
import { sessionAtom } from '@/lib/session-state.ts';

/**
 * The profile's lists (notes, clubs, interests, directions, experiences): one query per list and
 * owner, keyed like openapi-react-query's (`['get', path, { params }]`), and writes that put the
 * server's answer into the signed-in user's cached list.
 */
type Call<T> = Promise<{ data?: { data: T }; error?: ApiError }>;
type Path = Parameters<typeof queryKey>[0];

export interface AreaSpec<T, I> {
  /** The GET for `owner` (own: the signed-in user). */
  read: (owner: string, own: boolean) => { path: Path; init?: object };
  load: (api: CohortClient, owner: string, own: boolean) => Call<T[]>;
  store?: (api: CohortClient, input: I) => Call<T>;
  remove?: (api: CohortClient, id: number) => Call<T>;
}

const listKey = <T, I>(spec: AreaSpec<T, I>, owner: string, own: boolean) => {
  const { path, init } = spec.read(owner, own);
  return queryKey(path, init);
};

type Envelope<T> = { data: T[] };
function editOwn<T, I>(qc: QueryClient, spec: AreaSpec<T, I>, me: string, edit: (list: T[]) => T[]) {
  qc.setQueryData<Envelope<T>>(listKey(spec, me, true), (value) =>
    value ? { ...value, data: edit(value.data) } : value,
  );
}

/** The list of `owner` (fetched when the tab shows it), with Retry. */
export function useProfileList<T, I>(spec: AreaSpec<T, I>, owner: string, own: boolean) {
  const api = useClient();
  const query = useQuery({
    queryKey: listKey(spec, owner, own),
    queryFn: async () => {
      const r = await spec.load(api, owner, own);
      if (r.error) throw r.error;
      return r.data as Envelope<T>;
    },
    enabled: owner !== '',
  });
  const { reload, ...state } = loadable(query, (e) => e.data);
  return { state, reload };
}

function useWrite<T extends { id: number }, I, A>(
  spec: AreaSpec<T, I>,
  write: ((api: CohortClient, arg: A) => Call<T>) | undefined,
  apply: (list: T[], item: T) => T[],
) {
  const api = useClient();
  const qc = useQueryClient();
  const me = useAtomValue(sessionAtom)?.id ?? '';
  return useCallback(
    async (arg: A): Promise<ActionResult<T>> => {
      if (!write) throw new Error('This list cannot be changed that way.');
      const result = await settle<T>(write(api, arg));
      if (result.ok) editOwn(qc, spec, me, (list) => apply(list, result.value));
      return result;
    },
    [api, qc, me, spec, write, apply],
  );
}

const prepend = <T extends { id: number }>(list: T[], item: T) => [item, ...list.filter((x) => x.id !== item.id)];
/** Removes the item the server says it removed (by the answer, not by what was asked). */
const drop = <T extends { id: number }>(list: T[], item: T) => list.filter((x) => x.id !== item.id);

/** Adds to the signed-in user's list; the answer goes to the top of the cached list. */
export function useAddProfileItem<T extends { id: number }, I>(spec: AreaSpec<T, I>) {
  return useWrite<T, I, I>(spec, spec.store, prepend);
}

export function useRemoveProfileItem<T extends { id: number }, I>(spec: AreaSpec<T, I>) {
  return useWrite<T, I, number>(spec, spec.remove, drop);
}

const byOwner = (path: Path, name: string) => (owner: string) => ({
  path,
  init: { params: { path: { [name]: owner } } },
});

export const notes: AreaSpec<Note, Schemas['NoteInput']> = {
  read: byOwner('/api/v1/users/me/notes/{id}', 'id'),
  load: (api, id) => api.GET('/api/v1/users/me/notes/{id}', { params: { path: { id } } }),
  store: (api, body) => api.POST('/api/v1/users/me/notes/store', { body }),
  remove: (api, id) => api.DELETE('/api/v1/users/me/notes/{id}', { params: { path: { id } } }),
};

export const clubs: AreaSpec<ClubEntry, Schemas['ClubInput']> = {
  read: byOwner('/api/v1/users/me/clubs/{userId}', 'userId'),
  load: (api, userId) => api.GET('/api/v1/users/me/clubs/{userId}', { params: { path: { userId } } }),
  store: (api, body) => api.POST('/api/v1/users/me/clubs/store', { body }),
  remove: (api, id) => api.DELETE('/api/v1/users/me/clubs/{id}/detach', { params: { path: { id } } }),
};

export const interests: AreaSpec<Interest, Schemas['NameInput']> = {
  read: byOwner('/api/v1/users/me/interests/{userId}', 'userId'),
  load: (api, userId) => api.GET('/api/v1/users/me/interests/{userId}', { params: { path: { userId } } }),
  store: (api, body) => api.POST('/api/v1/users/me/interests/store', { body }),
  remove: (api, id) => api.DELETE('/api/v1/users/me/interests/{id}/detach', { params: { path: { id } } }),
};

export const directions: AreaSpec<Direction, Schemas['NameInput']> = {
  read: byOwner('/api/v1/users/me/directions/{userId}', 'userId'),
  load: (api, userId) => api.GET('/api/v1/users/me/directions/{userId}', { params: { path: { userId } } }),
  store: (api, body) => api.POST('/api/v1/users/me/directions/store', { body }),
  remove: (api, id) => api.DELETE('/api/v1/users/me/directions/{id}/detach', { params: { path: { id } } }),
};

/** The signed-in user's experiences come from users/me/experiences; another user's from users/{id}/experiences. */
export const experiences: AreaSpec<Experience, Schemas['ExperienceInput']> = {
  read: (id, own) =>
    own
      ? { path: '/api/v1/users/me/experiences' }
      : { path: '/api/v1/users/{id}/experiences', init: { params: { path: { id } } } },
  load: (api, id, own) =>
    own
      ? api.GET('/api/v1/users/me/experiences')
      : api.GET('/api/v1/users/{id}/experiences', { params: { path: { id } } }),
  store: (api, body) => api.POST('/api/v1/users/me/experiences/store', { body }),
};
