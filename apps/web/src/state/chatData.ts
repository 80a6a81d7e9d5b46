import type { Channel } from '@cohort/api';
import { atom } from 'jotai';
import { type ActionResult, fail, idle, type Loadable, ok } from '../lib/result.ts';
import { apiClientAtom } from './api.ts';

const channelsBaseAtom = atom<Loadable<Channel[]>>(idle<Channel[]>());

/** The signed-in user's groups (GET users/me/channels). Messages arrive with the chat screens (#7). */
export const channelsAtom = atom((get) => get(channelsBaseAtom));

export const loadChannelsAtom = atom(null, async (get, set): Promise<ActionResult> => {
  set(channelsBaseAtom, (s) => ({ ...s, status: 'loading', error: null }));
  const result = await get(apiClientAtom).GET('/api/v1/users/me/channels');
  if (result.error) {
    set(channelsBaseAtom, (s) => ({ ...s, status: 'error', error: result.error }));
    return fail(result.error);
  }
  set(channelsBaseAtom, { status: 'ready', data: result.data.data, error: null, owner: 'me' });
  return ok(undefined);
});

export const resetChatDataAtom = atom(null, (_get, set) => set(channelsBaseAtom, idle<Channel[]>()));
