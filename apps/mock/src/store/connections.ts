import type { components } from '@cohort/api';
import { HttpError } from '../http-error.ts';
import { nextId, socialOf } from './social.ts';
import type { Store } from './store.ts';

export type Connection = components['schemas']['Connection'];

/** An invitation to connect; 409 for oneself, a friend already, or an invitation still pending. */
export function connect(store: Store, fromId: string, toId: string): Connection {
  const from = store.requireUser(fromId);
  store.requireUser(toId);
  if (fromId === toId) throw HttpError.conflict('You cannot connect with yourself.');
  if (from.friend_ids.includes(toId)) throw HttpError.conflict('You are already connected.');
  const connections = socialOf(store.raw).connections;
  const open = connections.find(
    (c) =>
      c.status === 'pending' &&
      ((c.from_user_id === fromId && c.to_user_id === toId) || (c.from_user_id === toId && c.to_user_id === fromId)),
  );
  if (open) throw HttpError.conflict('An invitation to connect is already pending.');
  const connection: Connection = {
    id: nextId(connections),
    from_user_id: fromId,
    to_user_id: toId,
    status: 'pending',
    created_at: store.raw.now().toISOString(),
  };
  store.touch('connection', String(connection.id));
  connections.push(connection);
  return connection;
}
