import type { Friend } from '@cohort/api';
import { useEffect, useState } from 'react';
import { Icon } from '@/components/ui/Icon.tsx';
import { LoadState } from '@/components/ui/LoadState.tsx';
import * as cs from '@/components/ui/rows.css.ts';
import { Sheet } from '@/components/ui/Sheet.tsx';
import { initials, matches, personName } from '@/lib/format.ts';
import type { Loadable } from '@/lib/result.ts';
import { useCallActions } from '../api/calls.ts';
import * as s from './calls.css.ts';

/** The own profile's Video: my connections, searchable; choosing one starts a video call to them. */
export function FriendCallPicker({
  friends,
  onClose,
}: {
  /** My connections (the directory's list), read when the picker opens. */
  friends: Loadable<Friend[]> & { load: () => void };
  onClose: () => void;
}) {
  const { start } = useCallActions();
  const [query, setQuery] = useState('');
  const load = friends.load;
  useEffect(() => load(), [load]);
  const call = (friend: Friend) => {
    onClose();
    void start(friend.id, 'video');
  };
  return (
    <Sheet title="Video call a friend" variant="full" onClose={onClose} closeLabel="Cancel">
      <input
        type="search"
        className={cs.search}
        style={{ margin: '8px 0' }}
        placeholder="Search"
        aria-label="Search friends"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <LoadState
        state={friends}
        what="your friends"
        empty="No connections yet: connect with someone to call them."
        onRetry={load}
      >
        {(list) => {
          const shown = list.filter((f) => matches(`${personName(f)} ${f.university ?? ''}`, query));
          if (shown.length === 0) return <p className={cs.muted}>Nobody matches.</p>;
          return (
            <ul className={cs.list} aria-label="Friends">
              {shown.map((f) => (
                <li key={f.id}>
                  <button
                    type="button"
                    className={`${cs.row} ${s.pickButton}`}
                    aria-label={`Video call ${personName(f)}`}
                    onClick={() => call(f)}
                  >
                    <span className={cs.avatar} aria-hidden="true">
                      {initials(personName(f))}
                    </span>
                    <span className={cs.rowMain}>
                      <span className={cs.name} dir="auto">
                        {personName(f)}
                      </span>
                      {f.university && <span className={cs.preview}>{f.university}</span>}
                    </span>
                    <Icon name="video" />
                  </button>
                </li>
              ))}
            </ul>
          );
        }}
      </LoadState>
    </Sheet>
  );
}
