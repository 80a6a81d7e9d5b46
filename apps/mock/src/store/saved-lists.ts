import type { components } from '@cohort/api';
import { HttpError } from '../http-error.ts';
import { directoryOf, type PersonSummary, type SearchFilters, toPerson } from './directory.ts';
import { nextId, type StoredSavedList, socialOf } from './social.ts';
import type { Store } from './store.ts';

type Schemas = components['schemas'];
export type SavedList = Schemas['SavedList'];
export type SavedListDetail = Schemas['SavedListDetail'];

/** A list holds at most this many people (the contract's `user_ids` maxItems). */
export const MAX_LIST_SIZE = 1000;

function summary(list: StoredSavedList): SavedList {
  return {
    id: list.id,
    name: list.name,
    count: list.member_ids.length,
    created_at: list.created_at,
    deleted_at: list.deleted_at,
  };
}

function detail(store: Store, list: StoredSavedList): SavedListDetail {
  const members: PersonSummary[] = list.member_ids.flatMap((id) => {
    const user = store.findUser(id);
    return user ? [toPerson(user)] : [];
  });
  return { ...summary(list), members };
}

/** The user's list: 404 when unknown or someone else's (a list is private; its existence too). */
function ownList(store: Store, userId: string, id: number): StoredSavedList {
  const list = socialOf(store.raw).saved_lists.find((l) => l.id === id && l.user_id === userId);
  if (!list) throw HttpError.notFound(`No saved list with id ${id}.`);
  return list;
}

export function listSavedLists(store: Store, userId: string, deleted: boolean): SavedList[] {
  const mine = socialOf(store.raw).saved_lists.filter(
    (l) => l.user_id === userId && (l.deleted_at !== null) === deleted,
  );
  const when = (l: StoredSavedList) => (deleted ? (l.deleted_at ?? '') : l.created_at);
  return mine.sort((a, b) => when(b).localeCompare(when(a)) || b.id - a.id).map(summary);
}

export function createSavedList(
  store: Store,
  userId: string,
  input: { name: string; user_ids?: string[]; search?: SearchFilters },
): SavedListDetail {
  const errors: Record<string, string[]> = {};
  const name = input.name.trim();
  if (!name) errors.name = ['must not be blank'];
  (input.user_ids ?? []).forEach((id, i) => {
    if (!store.findUser(id)) errors[`user_ids.${i}`] = [`No user with id ${id}.`];
  });
  const found = input.search ? directoryOf(store).search(input.search, userId) : [];
  if (found.length > MAX_LIST_SIZE) {
    errors.search = [`finds ${found.length} people; a list holds at most ${MAX_LIST_SIZE}. Narrow the search.`];
  }
  const member_ids = [...new Set([...(input.user_ids ?? []), ...found])];
  if (!errors.search && member_ids.length > MAX_LIST_SIZE) {
    errors.user_ids = [
      `with the search this makes ${member_ids.length} people; a list holds at most ${MAX_LIST_SIZE}.`,
    ];
  }
  if (Object.keys(errors).length > 0) throw HttpError.invalid(errors);
  const lists = socialOf(store.raw).saved_lists;
  const list: StoredSavedList = {
    id: nextId(lists),
    user_id: userId,
    name,
    member_ids,
    created_at: store.raw.now().toISOString(),
    deleted_at: null,
  };
  store.touch('saved_list', String(list.id));
  lists.push(list);
  return detail(store, list);
}

export function getSavedList(store: Store, userId: string, id: number): SavedListDetail {
  return detail(store, ownList(store, userId, id));
}

export function deleteSavedList(store: Store, userId: string, id: number): SavedList {
  const list = ownList(store, userId, id);
  if (list.deleted_at !== null) throw HttpError.conflict('This list is already in Recently Deleted.');
  store.touch('saved_list', String(id));
  list.deleted_at = store.raw.now().toISOString();
  return summary(list);
}

export function restoreSavedList(store: Store, userId: string, id: number): SavedList {
  const list = ownList(store, userId, id);
  if (list.deleted_at === null) throw HttpError.conflict('This list is not deleted.');
  store.touch('saved_list', String(id));
  list.deleted_at = null;
  return summary(list);
}

export function removeSavedListMember(store: Store, userId: string, id: number, memberId: string): SavedListDetail {
  const list = ownList(store, userId, id);
  const at = list.member_ids.indexOf(memberId);
  if (at === -1) throw HttpError.notFound(`${memberId} is not in this list.`);
  store.touch('saved_list', String(id));
  list.member_ids.splice(at, 1);
  return detail(store, list);
}
