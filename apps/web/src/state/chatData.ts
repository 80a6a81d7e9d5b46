import type { Channel, Message, Schemas } from '@cohort/api';
import { atom } from 'jotai';
import { type ActionResult, fail, idle, type Loadable, ok } from '../lib/result.ts';
import { apiClientAtom } from './api.ts';

export type ChannelInput = Schemas['ChannelInput'];

const channelsBaseAtom = atom<Loadable<Channel[]>>(idle<Channel[]>());
const addedChannelBaseAtom = atom<Channel | null>(null);
const leftChannelBaseAtom = atom<Channel | null>(null);

/** The signed-in user's groups (GET users/me/channels), most recently active first. */
export const channelsAtom = atom((get) => get(channelsBaseAtom));
/** The group the user created last (spec's chatData "added channel"). */
export const addedChannelAtom = atom((get) => get(addedChannelBaseAtom));
/** The group the user left last (spec's chatData "left channel"). */
export const leftChannelAtom = atom((get) => get(leftChannelBaseAtom));

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

const byActivity = (a: Channel, b: Channel) =>
  (b.last_message?.time ?? b.created_at ?? '').localeCompare(a.last_message?.time ?? a.created_at ?? '');

/** Creates a group with every field of the form (DESIGN: tags, subgroup, public, open and expiry are sent). */
export const createGroupAtom = atom(null, async (get, set, input: ChannelInput): Promise<ActionResult<Channel>> => {
  const result = await get(apiClientAtom).POST('/api/v1/users/channels/store', { body: input });
  if (result.error) return fail(result.error);
  const channel = result.data.data;
  set(addedChannelBaseAtom, channel);
  set(channelsBaseAtom, (s) => (s.data ? { ...s, data: [channel, ...s.data.filter((c) => c.id !== channel.id)] } : s));
  return ok(channel);
});

/** Leaves a group; on success it disappears from the list. */
export const leaveGroupAtom = atom(null, async (get, set, id: string): Promise<ActionResult<Channel>> => {
  const result = await get(apiClientAtom).POST('/api/v1/users/channels/{id}/leave', { params: { path: { id } } });
  if (result.error) return fail(result.error);
  set(leftChannelBaseAtom, result.data.data);
  set(channelsBaseAtom, (s) => (s.data ? { ...s, data: s.data.filter((c) => c.id !== id) } : s));
  return ok(result.data.data);
});

/** Updates one group in the list as the server or a live event says (read, mute, a new message). */
export const patchChannelAtom = atom(null, (_get, set, id: string, patch: Partial<Channel>) => {
  set(channelsBaseAtom, (s) =>
    s.data ? { ...s, data: s.data.map((c) => (c.id === id ? { ...c, ...patch } : c)).sort(byActivity) } : s,
  );
});

/** A message arrived or was sent in a group: it becomes the group's last message. */
export const noteMessageAtom = atom(null, (_get, set, message: Message) => {
  if (!message.channel_id) return;
  set(patchChannelAtom, message.channel_id, { last_message: message });
});

export const markChannelReadAtom = atom(null, async (get, set, id: string): Promise<ActionResult> => {
  const result = await get(apiClientAtom).POST('/api/v1/channels/{id}/read', { params: { path: { id } } });
  if (result.error) return fail(result.error);
  set(patchChannelAtom, id, { unread_count: 0 });
  return ok(undefined);
});

export const setMutedAtom = atom(null, async (get, set, id: string, muted: boolean): Promise<ActionResult<Channel>> => {
  const api = get(apiClientAtom);
  const params = { params: { path: { id } } };
  const result = muted
    ? await api.POST('/api/v1/channels/{id}/mute', params)
    : await api.DELETE('/api/v1/channels/{id}/mute', params);
  if (result.error) return fail(result.error);
  set(patchChannelAtom, id, { is_muted: result.data.data.is_muted ?? muted });
  return ok(result.data.data);
});

export const resetChatDataAtom = atom(null, (_get, set) => {
  set(channelsBaseAtom, idle<Channel[]>());
  set(addedChannelBaseAtom, null);
  set(leftChannelBaseAtom, null);
});
