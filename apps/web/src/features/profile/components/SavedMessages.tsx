import type { Schemas } from '@cohort/api';
import { useState } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { LoadState } from '@/components/ui/LoadState.tsx';
import * as l from '@/components/ui/layout.css.ts';
import { formatDate } from '@/lib/dates.ts';
import { useSavedMessages } from '../api/users.ts';
import * as s from './profile.css.ts';

type SavedMessage = Schemas['SavedMessage'];

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function SavedItem({ item }: { item: SavedMessage }) {
  const [expanded, setExpanded] = useState(false);
  return (
    <li className={s.savedItem}>
      <span className={l.muted}>{formatDate(item.message.time, dateFormat)}</span>
      <strong dir="auto">{item.channel_name}</strong>
      <span className={expanded ? undefined : s.clamp} dir="auto">
        {item.message.message || 'Attachment'}
      </span>
      <Button small variant="ghost" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
        {expanded ? 'Show less' : 'Click to Expand'}
      </Button>
    </li>
  );
}

/** Shown in place of the tabs when Saved Messages is on: the user's saved messages from the server. */
export function SavedMessages() {
  const { reload, ...state } = useSavedMessages();
  return (
    <section className={l.section} aria-label="Saved Messages">
      <LoadState state={state} what="saved messages" empty="No saved messages yet." onRetry={reload}>
        {(items) => (
          <ul className={l.list}>
            {items.map((item) => (
              <SavedItem key={item.id} item={item} />
            ))}
          </ul>
        )}
      </LoadState>
    </section>
  );
}
