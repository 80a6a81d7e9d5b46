import { type ChatState, RESOURCE_KINDS, type ResourceKind, type SocialState, type State } from './types.ts';

/**
 * The state as rows: what a transaction marks as changed and what `--data` stores, one row per
 * user, token, note, message, … so that a write costs what it changed, not what the state holds.
 * A row is (collection, key) → a JSON value; `undefined` means the row is gone.
 */
export const COLLECTIONS = [
  'meta',
  'counters',
  'user',
  'token',
  'resource',
  'note',
  'club',
  'interest',
  'direction',
  'experience',
  'channel',
  'message',
  'saved_message',
  'pin',
  'read',
  'muted',
  'report',
  'event',
  'saved_list',
  'connection',
  'channel_invite',
  'following',
  'inactive',
  'notification',
  'password_reset',
  'settings',
  'location',
  'block',
  'media',
  'call',
  'post',
  'comment',
  'post_report',
  'story',
] as const;
export type Collection = (typeof COLLECTIONS)[number];

export interface Row {
  collection: Collection;
  key: string;
  value: unknown;
}

/** A message's key names its channel, so a row finds its place without an index. */
export const messageKey = (channelId: string, messageId: string) => `${channelId}/${messageId}`;
export const resourceKey = (kind: ResourceKind, id: number) => `${kind}/${id}`;

export const split = (key: string): [string, string] => {
  const at = key.indexOf('/');
  return [key.slice(0, at), key.slice(at + 1)];
};

/**
 * Every row of a state, in the order that rebuilds it (users in seed order, messages oldest first);
 * `items: false` leaves out the profile items (written to their own tables in bulk).
 */
export function* rowsOf(state: State, { items = true }: { items?: boolean } = {}): Generator<Row> {
  yield { collection: 'meta', key: 'seed', value: state.seed };
  yield { collection: 'counters', key: 'next_id', value: state.next_id };
  for (const u of state.users) yield { collection: 'user', key: u.id, value: u };
  for (const [hash, t] of Object.entries(state.tokens)) yield { collection: 'token', key: hash, value: t };
  for (const kind of RESOURCE_KINDS) {
    for (const r of state.resources[kind] ?? [])
      yield { collection: 'resource', key: resourceKey(kind, r.id), value: r };
  }
  for (const collection of items ? (['note', 'club', 'interest', 'direction', 'experience'] as const) : []) {
    for (const item of state[`${collection}s`]) yield { collection, key: String(item.id), value: item };
  }
  for (const c of state.channels) yield { collection: 'channel', key: c.id, value: c };
  for (const [channelId, list] of Object.entries(state.messages)) {
    for (const m of list) yield { collection: 'message', key: messageKey(channelId, m.id), value: m };
  }
  for (const s of state.saved_messages) yield { collection: 'saved_message', key: String(s.id), value: s };
  if (state.chat) {
    const { pins, read, muted, reports, events } = state.chat;
    for (const [k, v] of Object.entries(pins)) yield { collection: 'pin', key: k, value: v };
    for (const [k, v] of Object.entries(read)) yield { collection: 'read', key: k, value: v };
    for (const [k, v] of Object.entries(muted)) yield { collection: 'muted', key: k, value: v };
    for (const r of reports) yield { collection: 'report', key: String(r.id), value: r };
    for (const e of events) yield { collection: 'event', key: String(e.id), value: e };
  }
  for (const n of state.notifications ?? []) yield { collection: 'notification', key: String(n.id), value: n };
  for (const b of state.blocks ?? []) yield { collection: 'block', key: String(b.id), value: b };
  for (const [k, v] of Object.entries(state.settings ?? {})) yield { collection: 'settings', key: k, value: v };
  for (const [k, v] of Object.entries(state.locations ?? {})) yield { collection: 'location', key: k, value: v };
  for (const c of state.calls ?? []) yield { collection: 'call', key: c.id, value: c };
  if (state.feed) {
    const { posts, comments, reports, stories } = state.feed;
    for (const p of posts) yield { collection: 'post', key: p.id, value: p };
    for (const c of comments) yield { collection: 'comment', key: c.id, value: c };
    for (const r of reports) yield { collection: 'post_report', key: String(r.id), value: r };
    for (const s of stories) yield { collection: 'story', key: s.id, value: s };
  }
  for (const [hash, r] of Object.entries(state.password_resets ?? {})) {
    yield { collection: 'password_reset', key: hash, value: r };
  }
  for (const m of state.media ?? []) yield { collection: 'media', key: m.id, value: m };
  if (state.social) {
    const s = state.social;
    for (const l of s.saved_lists) yield { collection: 'saved_list', key: String(l.id), value: l };
    for (const c of s.connections) yield { collection: 'connection', key: String(c.id), value: c };
    for (const i of s.channel_invites) yield { collection: 'channel_invite', key: String(i.id), value: i };
    for (const [k, v] of Object.entries(s.following)) yield { collection: 'following', key: k, value: v };
    for (const [k, v] of Object.entries(s.inactive)) yield { collection: 'inactive', key: k, value: v };
  }
}

type Loose = Record<string, unknown>;

/**
 * The state that rows describe, in the rows' order. Not checked here: the caller validates the
 * result with the state schema before a store ever sees it.
 */
export function stateFromRows(rows: Iterable<Row>): unknown {
  const state: Loose = {
    version: 1,
    users: [],
    tokens: {},
    resources: Object.fromEntries(RESOURCE_KINDS.map((k) => [k, []])),
    notes: [],
    clubs: [],
    interests: [],
    directions: [],
    experiences: [],
    channels: [],
    messages: {},
    saved_messages: [],
  };
  const chat: Loose = { pins: {}, read: {}, muted: {}, reports: [], events: [] };
  const social: Loose = { saved_lists: [], connections: [], channel_invites: [], following: {}, inactive: {} };
  let hasChat = false;
  let hasSocial = false;
  const push = (target: Loose, field: string, value: unknown) => (target[field] as unknown[]).push(value);
  const put = (target: Loose, field: string, key: string, value: unknown) => {
    (target[field] as Loose)[key] = value;
  };
  for (const { collection, key, value } of rows) {
    switch (collection) {
      case 'meta':
        if (key === 'seed') state.seed = value;
        break;
      case 'counters':
        if (key === 'next_id') state.next_id = value;
        else if (key === 'chat') {
          hasChat = true;
          Object.assign(chat, value);
        }
        break;
      case 'user':
        push(state, 'users', value);
        break;
      case 'token':
        put(state, 'tokens', key, value);
        break;
      case 'resource': {
        const [kind] = split(key);
        const list = (state.resources as Loose)[kind];
        if (Array.isArray(list)) list.push(value);
        else (state.resources as Loose)[kind] = [value];
        break;
      }
      case 'note':
      case 'club':
      case 'interest':
      case 'direction':
      case 'experience':
        push(state, `${collection}s`, value);
        break;
      case 'channel':
        push(state, 'channels', value);
        break;
      case 'message': {
        const [channelId] = split(key);
        const messages = state.messages as Record<string, unknown[]>;
        messages[channelId] ??= [];
        messages[channelId].push(value);
        break;
      }
      case 'saved_message':
        push(state, 'saved_messages', value);
        break;
      case 'pin':
      case 'read':
      case 'muted':
        hasChat = true;
        put(chat, collection === 'pin' ? 'pins' : collection, key, value);
        break;
      case 'report':
      case 'event':
        hasChat = true;
        push(chat, `${collection}s`, value);
        break;
      case 'saved_list':
      case 'connection':
      case 'channel_invite':
        hasSocial = true;
        push(social, `${collection}s`, value);
        break;
      case 'following':
      case 'inactive':
        hasSocial = true;
        put(social, collection, key, value);
        break;
      case 'notification':
        state.notifications ??= [];
        (state.notifications as unknown[]).push(value);
        break;
      case 'block':
        state.blocks ??= [];
        (state.blocks as unknown[]).push(value);
        break;
      case 'password_reset':
        state.password_resets ??= {};
        put(state, 'password_resets', key, value);
        break;
      case 'settings':
        state.settings ??= {};
        put(state, 'settings', key, value);
        break;
      case 'location':
        state.locations ??= {};
        put(state, 'locations', key, value);
        break;
      case 'media':
        state.media ??= [];
        (state.media as unknown[]).push(value);
        break;
      case 'call':
        state.calls ??= [];
        (state.calls as unknown[]).push(value);
        break;
      case 'post':
      case 'comment':
      case 'post_report':
      case 'story': {
        state.feed ??= { posts: [], comments: [], reports: [], stories: [] };
        const field = { post: 'posts', comment: 'comments', post_report: 'reports', story: 'stories' }[collection];
        push(state.feed as Loose, field, value);
        break;
      }
    }
  }
  // A channel without messages still has its (empty) list.
  const messages = state.messages as Record<string, unknown[]>;
  for (const c of state.channels as { id?: unknown }[]) if (typeof c?.id === 'string') messages[c.id] ??= [];
  if (hasChat) state.chat = chat as unknown as ChatState;
  if (hasSocial) state.social = social as unknown as SocialState;
  return state;
}
