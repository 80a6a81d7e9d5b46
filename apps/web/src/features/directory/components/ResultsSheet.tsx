import { useState } from 'react';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button, Spinner } from '@/components/ui/Button.tsx';
import { PersonRow, toggleId } from '@/components/ui/PersonRow.tsx';
import * as p from '@/components/ui/people.css.ts';
import type { PeopleActionsSlot } from '@/components/ui/people-actions.ts';
import { Sheet } from '@/components/ui/Sheet.tsx';
import type { Person, SearchState } from '../api/search.ts';
import * as s from './contacts.css.ts';

/** The search-results panel: its actions, then the people found with a checkbox each. */
export function ResultsSheet({
  results,
  selected,
  chosenPeople,
  onSelect,
  onMore,
  onRetry,
  onSearchAgain,
  onSave,
  people,
}: {
  results: SearchState;
  selected: string[];
  chosenPeople: Person[];
  onSelect: (ids: string[]) => void;
  onMore: () => void;
  onRetry: () => void;
  onSearchAgain: () => void;
  onSave: () => void;
  /** Message Selected Contacts and Invite to Group (the groups feature's, from the route). */
  people: PeopleActionsSlot;
}) {
  const { message, messaging, inviteSheet } = people;
  const [picking, setPicking] = useState(false);
  const none = selected.length === 0;
  const allShown = results.data.length > 0 && results.data.every((person) => selected.includes(person.id));

  return (
    <Sheet title="Search results" variant="full" onClose={onSearchAgain} inUrl>
      <div className={s.stickyActions}>
        <div className={p.actions}>
          <Button small onClick={() => setPicking(true)} disabled={none}>
            Invite to Group
          </Button>
          <Button small onClick={() => void message(chosenPeople)} disabled={none} loading={messaging}>
            Message Selected Contacts
          </Button>
          <Button small variant="secondary" onClick={onSearchAgain}>
            Search Again
          </Button>
          <Button
            small
            variant="secondary"
            onClick={onSave}
            disabled={results.status !== 'ready' || results.total === 0}
          >
            Save Search List
          </Button>
        </div>
        <p className={p.meta} aria-live="polite">
          {results.status === 'ready' &&
            `${results.total === 1 ? '1 person' : `${results.total} people`} found · ${selected.length} selected`}
          {results.status === 'loading' && results.data.length === 0 && (
            <>
              <Spinner label="Searching" /> Searching…
            </>
          )}
        </p>
        {results.data.length > 0 && (
          <label className={p.meta} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <input
              type="checkbox"
              className={p.checkbox}
              checked={allShown}
              onChange={() =>
                onSelect(
                  allShown
                    ? selected.filter((id) => !results.data.some((person) => person.id === id))
                    : [...new Set([...selected, ...results.data.map((person) => person.id)])],
                )
              }
            />
            Select all shown
          </label>
        )}
      </div>
      {results.status === 'error' && <Alert onRetry={onRetry}>The search failed: {results.error}</Alert>}
      {results.status === 'ready' && results.total === 0 && (
        <p className={p.meta}>No one matches these filters. Remove a filter or a keyword and search again.</p>
      )}
      <ul className={p.rows} aria-label="People found">
        {results.data.map((person) => (
          <PersonRow
            key={person.id}
            person={person}
            selected={selected.includes(person.id)}
            onToggle={() => onSelect(toggleId(selected, person.id))}
          />
        ))}
      </ul>
      {results.page < results.lastPage && (
        <Button variant="secondary" block onClick={onMore} loading={results.status === 'loading'}>
          Show more
        </Button>
      )}
      {picking && inviteSheet(selected, () => setPicking(false))}
    </Sheet>
  );
}
