import type { Collection } from './rows.ts';
import type { Areas } from './store.ts';
import type { Counter, ResourceKind } from './types.ts';

/** A row's current value (undefined when it does not exist), read from the area that owns it. */
export function rowOf(
  areas: Areas,
  { seed, counters }: { seed: number; counters: Record<Counter, number> },
  collection: Collection,
  key: string,
): unknown {
  const id = key.slice(key.indexOf('/') + 1);
  const byId = <T extends { id: unknown }>(list: readonly T[]) => list.find((item) => String(item.id) === key);
  const chat = areas.chat.parts();
  switch (collection) {
    case 'meta':
      return key === 'seed' ? seed : undefined;
    case 'counters':
      return key === 'next_id' ? counters : undefined;
    case 'user':
      return areas.accounts.find(key);
    case 'token':
      return areas.accounts.token(key);
    case 'resource':
      return areas.resources.find(key.slice(0, key.indexOf('/')) as ResourceKind, Number(id));
    case 'note':
    case 'club':
    case 'interest':
    case 'direction':
    case 'experience':
      return areas.profile[`${collection}s`].get(Number(key));
    case 'channel':
      return areas.channels.get(key);
    case 'message':
      return areas.chat.messagesOf(key.slice(0, key.indexOf('/'))).findLast((m) => m.id === id);
    case 'saved_message':
      return byId(areas.chat.allSaved());
    case 'pin':
      return chat.pins[key];
    case 'read':
      return chat.read[key];
    case 'muted':
      return chat.muted[key];
    case 'report':
      return byId(chat.reports);
    case 'event':
      return byId(areas.calendar.all());
    case 'saved_list':
      return byId(areas.social.allSavedLists());
    case 'connection':
      return byId(areas.social.allConnections());
    case 'channel_invite':
      return byId(areas.invites.all());
    case 'following':
    case 'inactive':
      return areas.channels.allFlags()[collection][key];
    case 'notification':
      return areas.notifications.get(Number(key));
    case 'password_reset':
      return areas.passwordResets.get(key);
    case 'block':
      return areas.blocks.get(Number(key));
    case 'settings':
      return areas.settings.all()[key];
    case 'location':
      return areas.nearby.all()[key];
    case 'media':
      return areas.media.get(key);
    case 'call':
      return areas.calls.get(key);
    case 'post':
      return areas.posts.get(key);
    case 'comment':
      return areas.posts.comment(key);
    case 'post_report':
      return areas.posts.reports.get(Number(key));
    case 'story':
      return areas.stories.get(key);
  }
}
