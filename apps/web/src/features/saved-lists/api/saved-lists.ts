import type { ApiError, Schemas } from '@cohort/api';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { loadable, queryKey, settle, useApi, useClient } from '@/lib/query.ts';

export type SavedList = Schemas['SavedList'];
export type SavedListDetail = Schemas['SavedListDetail'];
type SavedListInput = Schemas['SavedListInput'];

const LISTS = '/api/v1/users/me/saved-lists';
const LIST = '/api/v1/users/me/saved-lists/{id}';
const listInit = (id: number) => ({ params: { path: { id } } });

/** GET saved-lists: All Saved Lists, or Recently Deleted (`deleted`). */
export function useSavedLists(deleted = false) {
  const query = useApi().useQuery('get', LISTS, { params: { query: { deleted } } });
  return loadable(query, (e) => e.data);
}

/** GET saved-lists/{id}: one list with its people. */
export function useSavedList(id: number) {
  const query = useApi().useQuery('get', LIST, listInit(id));
  return loadable(query, (e) => e.data);
}

/**
 * The saved-list writes. Each reads again exactly the lists it changed: both overviews (a list
 * moves between All and Recently Deleted, counts change) and the one list it touched.
 */
export function useSavedListActions() {
  const api = useClient();
  const qc = useQueryClient();
  const api$ = useApi();
  const changed = useCallback(
    (id?: number) => {
      void qc.invalidateQueries({ queryKey: queryKey(LISTS) });
      if (id !== undefined) void qc.invalidateQueries({ queryKey: queryKey(LIST, listInit(id)) });
    },
    [qc],
  );
  const after =
    <T>(id?: number) =>
    (result: Awaited<ReturnType<typeof settle<T>>>) => {
      if (result.ok) changed(id);
      return result;
    };
  return {
    create: (body: SavedListInput) => settle<SavedList>(api.POST(LISTS, { body })).then(after<SavedList>()),
    remove: (id: number) => settle<SavedList>(api.DELETE(LIST, listInit(id))).then(after<SavedList>(id)),
    restore: (id: number) =>
      settle<SavedList>(api.POST('/api/v1/users/me/saved-lists/{id}/restore', listInit(id))).then(after<SavedList>(id)),
    removeMember: (id: number, userId: string) =>
      settle<SavedListDetail>(
        api.DELETE('/api/v1/users/me/saved-lists/{id}/members/{userId}', { params: { path: { id, userId } } }),
      ).then(after<SavedListDetail>(id)),
    /** One list's people, from the cache when fresh (e.g. to make a group of them). */
    read: (id: number) =>
      qc
        .fetchQuery(api$.queryOptions('get', LIST, listInit(id)))
        .then((e) => ({ ok: true as const, value: e.data }))
        .catch((error) => ({ ok: false as const, error: error as ApiError })),
  };
}
