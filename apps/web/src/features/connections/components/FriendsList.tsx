import { LoadState } from '@/components/ui/LoadState.tsx';
import { fromQuery } from '@/lib/loadable.ts';
import { useFriendsList } from '../api/connections.ts';
import * as s from './connections.css.ts';
import { PersonCell } from './PersonCell.tsx';

/** My connections (`GET /users/me/friends`), kept current by every connection write and event. */
export function FriendsList() {
  const query = useFriendsList();
  return (
    <LoadState
      state={fromQuery(query, (list) => list)}
      what="your connections"
      empty="No connections yet. Invite people from their profile."
      onRetry={() => void query.refetch()}
    >
      {(friends) => (
        <ul className={s.rows} aria-label="My connections">
          {friends.map((f) => (
            <li key={f.id} className={s.row}>
              <PersonCell person={f} />
            </li>
          ))}
        </ul>
      )}
    </LoadState>
  );
}
