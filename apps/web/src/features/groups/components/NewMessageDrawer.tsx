import type { Friend } from '@cohort/api';
import { useState } from 'react';
import { Spinner } from '@/components/ui/Button.tsx';
import { LoadState } from '@/components/ui/LoadState.tsx';
import * as l from '@/components/ui/layout.css.ts';
import * as s from '@/components/ui/rows.css.ts';
import { SearchInput } from '@/components/ui/SearchInput.tsx';
import { Sheet } from '@/components/ui/Sheet.tsx';
import { initials, matches, personName } from '@/lib/format.ts';
import type { Loadable } from '@/lib/result.ts';

/**
 * The compose drawer: New Group, New Message, New Story and the user's friends; tapping a
 * friend opens the one-to-one chat with them.
 */
export function NewMessageDrawer({
  friends,
  onRetryFriends,
  onNewGroup,
  onNewMessage,
  onNewStory,
  onFriend,
  opening = null,
  onClose,
}: {
  friends: Loadable<Friend[]>;
  onRetryFriends: () => void;
  /** Opens the group flow: member picker, then group details. */
  onNewGroup: () => void;
  /** Opens the member picker for a conversation without a group form. */
  onNewMessage: () => void;
  /** Opens the New Story sheet (the stories feature's, given by the route). */
  onNewStory: () => void;
  onFriend: (friend: Friend) => void;
  /** The friend whose chat is being opened, if any. */
  opening?: string | null;
  onClose: () => void;
}) {
  const [query, setQuery] = useState('');
  return (
    <Sheet title="New Message" variant="full" onClose={onClose} closeLabel="Cancel">
      <SearchInput label="Search friends" value={query} onChange={setQuery} flush />
      <ul className={s.list} aria-label="Start">
        <li>
          <button type="button" className={s.actionRow} onClick={onNewGroup}>
            New Group
          </button>
        </li>
        <li>
          <button type="button" className={s.actionRow} onClick={onNewMessage}>
            New Message
          </button>
        </li>
        <li>
          <button type="button" className={s.actionRow} onClick={onNewStory}>
            New Story
          </button>
        </li>
      </ul>
      <h3 className={s.sectionLabel}>Friends</h3>
      <LoadState state={friends} what="friends" empty="No friends yet." onRetry={onRetryFriends}>
        {(list) => {
          const shown = list.filter((f) => matches(`${f.first_name} ${f.last_name}`, query));
          if (shown.length === 0) return <p className={l.muted}>Nobody matches “{query}”.</p>;
          return (
            <ul className={s.list} aria-label="Friends">
              {shown.map((f) => (
                <li key={f.id}>
                  <button
                    type="button"
                    className={s.row}
                    onClick={() => onFriend(f)}
                    disabled={opening !== null}
                    aria-busy={opening === f.id}
                  >
                    <span className={s.avatar} aria-hidden="true">
                      {initials(personName(f, ''))}
                    </span>
                    <span className={s.rowMain}>
                      <span className={s.name} dir="auto">
                        {personName(f)}
                      </span>
                      {f.university && (
                        <span className={s.preview} dir="auto">
                          {f.university}
                        </span>
                      )}
                    </span>
                    {opening === f.id && <Spinner label={`Opening the chat with ${personName(f)}`} />}
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
