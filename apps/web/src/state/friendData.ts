import type { Friend } from '@cohort/api';
import { atom } from 'jotai';
import { type ActionResult, fail, idle, type Loadable, ok } from '../lib/result.ts';
import { apiClientAtom } from './api.ts';

const friendsBaseAtom = atom<Loadable<Friend[]>>(idle<Friend[]>());

/** The signed-in user's friends (GET users/me/friends: the whole body is the list). */
export const friendsAtom = atom((get) => get(friendsBaseAtom));

export const loadFriendsAtom = atom(null, async (get, set): Promise<ActionResult> => {
  set(friendsBaseAtom, (s) => ({ ...s, status: 'loading', error: null }));
  const result = await get(apiClientAtom).GET('/api/v1/users/me/friends');
  if (result.error) {
    set(friendsBaseAtom, (s) => ({ ...s, status: 'error', error: result.error }));
    return fail(result.error);
  }
  set(friendsBaseAtom, { status: 'ready', data: result.data, error: null, owner: 'me' });
  return ok(undefined);
});

export const resetFriendDataAtom = atom(null, (_get, set) => set(friendsBaseAtom, idle<Friend[]>()));
