import { type Row, split } from './rows.ts';
import { emptyFeedState, type ResourceKind, type State } from './types.ts';

/**
 * Writes one row's value into a plain state (`undefined` removes it): how a failed transaction
 * puts back what it had changed. Linear in the collection, which only a rollback pays.
 */
export function writeRow(state: State, { collection, key, value }: Row): void {
  const byId = <T extends { id: unknown }>(list: T[], id: unknown) => {
    const at = list.findIndex((item) => String(item.id) === String(id));
    if (value === undefined) {
      if (at !== -1) list.splice(at, 1);
    } else if (at === -1) list.push(value as T);
    else list[at] = value as T;
  };
  const inRecord = (record: Record<string, unknown>) => {
    if (value === undefined) delete record[key];
    else record[key] = value;
  };
  const chat = () => {
    state.chat ??= { pins: {}, read: {}, muted: {}, reports: [], events: [] };
    return state.chat;
  };
  const social = () => {
    state.social ??= { saved_lists: [], connections: [], channel_invites: [], following: {}, inactive: {} };
    return state.social;
  };
  switch (collection) {
    case 'meta':
      if (key === 'seed' && typeof value === 'number') state.seed = value;
      return;
    case 'counters':
      if (key === 'next_id') state.next_id = value as State['next_id'];
      else Object.assign(chat(), value);
      return;
    case 'user':
      byId(state.users, key);
      return;
    case 'token':
      inRecord(state.tokens);
      return;
    case 'resource': {
      const [kind, id] = split(key);
      state.resources[kind as ResourceKind] ??= [];
      byId(state.resources[kind as ResourceKind], id);
      return;
    }
    case 'note':
    case 'club':
    case 'interest':
    case 'direction':
    case 'experience':
      byId(state[`${collection}s`] as { id: number }[], key);
      return;
    case 'channel':
      byId(state.channels, key);
      return;
    case 'message': {
      const [channelId, id] = split(key);
      state.messages[channelId] ??= [];
      byId(state.messages[channelId], id);
      return;
    }
    case 'saved_message':
      byId(state.saved_messages, key);
      return;
    case 'pin':
      inRecord(chat().pins);
      return;
    case 'read':
      inRecord(chat().read);
      return;
    case 'muted':
      inRecord(chat().muted);
      return;
    case 'report':
      byId(chat().reports, key);
      return;
    case 'event':
      byId(chat().events, key);
      return;
    case 'saved_list':
      byId(social().saved_lists, key);
      return;
    case 'connection':
      byId(social().connections, key);
      return;
    case 'channel_invite':
      byId(social().channel_invites, key);
      return;
    case 'following':
      inRecord(social().following);
      return;
    case 'inactive':
      inRecord(social().inactive);
      return;
    case 'notification':
      state.notifications ??= [];
      byId(state.notifications, key);
      return;
    case 'password_reset':
      state.password_resets ??= {};
      inRecord(state.password_resets);
      return;
    case 'settings':
      state.settings ??= {};
      inRecord(state.settings);
      return;
    case 'location':
      state.locations ??= {};
      inRecord(state.locations);
      return;
    case 'block':
      state.blocks ??= [];
      byId(state.blocks, key);
      return;
    case 'media':
      state.media ??= [];
      byId(state.media, key);
      return;
    case 'call':
      state.calls ??= [];
      byId(state.calls, key);
      return;
    case 'post':
    case 'comment':
    case 'post_report':
    case 'story': {
      state.feed ??= emptyFeedState();
      const { posts, comments, reports, stories } = state.feed;
      const lists = { post: posts, comment: comments, post_report: reports, story: stories };
      byId(lists[collection] as { id: unknown }[], key);
      return;
    }
  }
}
