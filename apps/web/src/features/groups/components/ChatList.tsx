import type { Channel } from '@cohort/api';
import { useState } from 'react';
import { LoadState } from '@/components/ui/LoadState.tsx';
import * as l from '@/components/ui/layout.css.ts';
import * as s from '@/components/ui/rows.css.ts';
import { SearchInput } from '@/components/ui/SearchInput.tsx';
import { matches } from '@/lib/format.ts';
import type { Loadable } from '@/lib/result.ts';
import { ChatRow } from './ChatRow.tsx';

/** The Chats list with its search box: a row per chat, filtered by name and last message. */
export function ChatList({
  channels,
  me,
}: {
  channels: Loadable<Channel[]> & { reload: () => void };
  me: string | null | undefined;
}) {
  const [query, setQuery] = useState('');
  return (
    <>
      <SearchInput label="Search chats" value={query} onChange={setQuery} />
      <LoadState
        inset
        state={channels}
        what="your chats"
        empty="No chats yet. Start one with the compose button."
        onRetry={channels.reload}
      >
        {(list) => {
          const shown = list.filter((c) => matches(`${c.name} ${c.last_message?.message ?? ''}`, query));
          if (shown.length === 0) return <p className={`${l.muted} ${l.section}`}>No chats match “{query}”.</p>;
          return (
            <ul className={s.list} aria-label="Chats">
              {shown.map((c) => (
                <ChatRow key={c.id} channel={c} me={me} />
              ))}
            </ul>
          );
        }}
      </LoadState>
    </>
  );
}
