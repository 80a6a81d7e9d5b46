import type { components } from '@cohort/api';
import { byCodeUnits } from '../lib/compare.ts';
import { fromBase64Url, toBase64Url } from '../lib/crypto.ts';
import { HttpError } from '../lib/http-error.ts';
import type { Store } from '../store/store.ts';
import type { Message } from '../store/types.ts';

export type MediaItem = components['schemas']['MediaItem'];
type Kind = MediaItem['kind'];
export interface MediaPage {
  data: MediaItem[];
  meta: { has_more: boolean; next_cursor: string | null };
}

const LINK = /\bhttps?:\/\/[^\s<>"'`]{1,2000}/g;

/** A message's shared items in order: its files, then the links in its text. */
function* itemsOf(message: Message, channelId: string): Generator<MediaItem> {
  if (message.deleted_at) return;
  const base = { message_id: message.id, channel_id: channelId, sender_id: message.sender_id, time: message.time };
  for (const f of message.files) {
    const gif = f.mime === 'image/gif' || (f.mime === undefined && /\.gif$/i.test(f.url));
    const kind: Kind = f.file_type === 1 ? (gif ? 'gif' : 'image') : 'file';
    const { file_type: _type, id: _id, ...rest } = f;
    const name = rest.name ?? decodeName(f.url);
    yield { kind, ...rest, ...(name ? { name } : {}), ...base };
  }
  for (const match of message.message.matchAll(LINK)) {
    const url = match[0].replace(/[.,;:!?)\]]+$/, '');
    // "https://." is punctuation after a scheme, not a link (a URL field holds more than its scheme).
    if (!url.endsWith('://')) yield { kind: 'link', url, ...base };
  }
}

function decodeName(url: string): string | undefined {
  const last = url.split(/[?#]/)[0]?.split('/').pop();
  if (!last) return undefined;
  try {
    return decodeURIComponent(last).slice(0, 255);
  } catch {
    return last.slice(0, 255);
  }
}

const cursorOf = (item: MediaItem, n: number) => toBase64Url(new TextEncoder().encode(`${item.message_id}.${n}`));

/** A cursor's text; '' when it is not base64url (it then names no item). */
function cursorText(cursor: string): string {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(cursor)) return '';
  try {
    return new TextDecoder().decode(fromBase64Url(cursor.replace(/=+$/, '')));
  } catch {
    return '';
  }
}

/**
 * One page of `items` (newest first) after `cursor`, which names the last item of the previous
 * page; a cursor naming no item of this list (its message deleted, or not one of ours) ends it.
 */
function pageOf(items: Iterable<[MediaItem, number]>, cursor: string | undefined, limit: number): MediaPage {
  const after = cursor === undefined ? undefined : cursorText(cursor);
  let skipping = after !== undefined;
  const data: MediaItem[] = [];
  let last = '';
  for (const [item, n] of items) {
    if (skipping) {
      if (`${item.message_id}.${n}` === after) skipping = false;
      continue;
    }
    if (data.length === limit) return { data, meta: { has_more: true, next_cursor: last } };
    data.push(item);
    last = cursorOf(item, n);
  }
  return { data, meta: { has_more: false, next_cursor: null } };
}

function* numbered(
  messages: Iterable<[Message, string]>,
  keep: (kind: Kind) => boolean,
): Generator<[MediaItem, number]> {
  for (const [message, channelId] of messages) {
    let n = 0;
    for (const item of itemsOf(message, channelId)) {
      if (keep(item.kind)) yield [item, n];
      n++;
    }
  }
}

function* newestFirst(list: readonly Message[], channelId: string): Generator<[Message, string]> {
  for (let i = list.length - 1; i >= 0; i--) {
    const m = list[i];
    if (m) yield [m, channelId];
  }
}

/** A group's media, newest first: members only (404 unknown group, 403 not a member), as its messages. */
export function channelMedia(
  store: Store,
  viewerId: string,
  channelId: string,
  kind: Kind | undefined,
  cursor: string | undefined,
  limit: number,
): MediaPage {
  store.chat.assertMember(viewerId, channelId);
  const keep = (k: Kind) => kind === undefined || k === kind;
  return pageOf(numbered(newestFirst(store.chat.messagesOf(channelId), channelId), keep), cursor, limit);
}

/**
 * What a user sent, newest first, in the groups the viewer may read: all of their groups for
 * themself; for anyone else only the groups both belong to. `image` takes GIFs too.
 */
export function userMedia(
  store: Store,
  viewerId: string,
  userId: string,
  kind: 'image' | 'file' | 'link' | undefined,
  cursor: string | undefined,
  limit: number,
): MediaPage {
  if (!store.accounts.find(userId)) throw HttpError.notFound(`No user with id ${userId}.`);
  const sent: [Message, string][] = [];
  for (const channel of store.channels.all()) {
    if (!channel.users.includes(userId) || !channel.users.includes(viewerId)) continue;
    for (const m of store.chat.messagesOf(channel.id)) if (m.sender_id === userId) sent.push([m, channel.id]);
  }
  sent.sort(([a], [b]) => byCodeUnits(b.time, a.time) || (a.id < b.id ? 1 : -1));
  const keep = (k: Kind) => kind === undefined || k === kind || (kind === 'image' && k === 'gif');
  return pageOf(numbered(sent, keep), cursor, limit);
}
