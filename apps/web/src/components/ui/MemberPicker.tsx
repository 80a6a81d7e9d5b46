import type { Friend } from '@cohort/api';
import { useState } from 'react';
import type { Loadable } from '../../lib/result.ts';
import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';
import { LoadState } from './LoadState.tsx';
import { PeopleChecklist, toPerson } from './PeopleChecklist.tsx';
import * as s from './rows.css.ts';
import { SearchInput } from './SearchInput.tsx';
import { Sheet } from './Sheet.tsx';

/** A person the picker can return: a friend or a directory search result. */
export interface PickedPerson {
  id: string;
  first_name: string;
  last_name: string;
}

/** New Group, step 1: Back, Next, the 'n/200000' counter, a search and a checkbox per person. */
export function MemberPicker({
  title = 'New Group',
  friends,
  onRetryFriends,
  initial,
  onBack,
  onNext,
  nextLabel = 'Next',
  busy = false,
  exclude = [],
  max,
  useSearch,
}: {
  /** The most people a group may hold. */
  max: number;
  /** The directory search (`usePeopleSearch` of the directory feature): a hook, called on every render. */
  useSearch: (
    query: string,
    exclude: ReadonlySet<string>,
  ) => { people: PickedPerson[]; status: 'idle' | 'loading' | 'ready' | 'error' };
  title?: string;
  friends: Loadable<Friend[]>;
  onRetryFriends: () => void;
  initial: string[];
  onBack: () => void;
  /** The chosen ids, and the chosen people as far as the picker has seen them (friends, search results). */
  onNext: (chosen: string[], people: PickedPerson[]) => void;
  nextLabel?: string;
  busy?: boolean;
  /** People who must not be offered from the directory search (current members, the user). */
  exclude?: readonly string[];
}) {
  const [chosen, setChosen] = useState(() => new Set(initial));
  const [query, setQuery] = useState('');
  const friendIds = new Set([...(friends.data ?? []).map((f) => f.id), ...exclude]);
  const others = useSearch(query, friendIds);
  // People ticked from a search stay known after the search text changes.
  const [seen, setSeen] = useState<ReadonlyMap<string, PickedPerson>>(new Map());
  // Who a tick past `max` left out, said beside the counter rather than ignored.
  const [leftOut, setLeftOut] = useState<string | null>(null);
  const toggle = (id: string) => {
    const person = others.people.find((p) => p.id === id);
    if (person) setSeen((m) => new Map(m).set(id, person));
    const full = !chosen.has(id) && chosen.size >= max;
    const known = person ?? friends.data?.find((f) => f.id === id);
    setLeftOut(
      full ? (known ? `${known.first_name} ${known.last_name}`.trim() || 'This person' : 'This person') : null,
    );
    if (full) return;
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };
  const next = () => {
    const known = new Map<string, PickedPerson>([...seen, ...(friends.data ?? []).map((p) => [p.id, p] as const)]);
    const ids = [...chosen];
    onNext(
      ids,
      ids.flatMap((id) => known.get(id) ?? []),
    );
  };
  return (
    <Sheet title={title} variant="full" onClose={onBack}>
      <div className={s.stickyTop}>
        <div className={s.toolbar}>
          <Button variant="ghost" small onClick={onBack}>
            Back
          </Button>
          <span className={s.counter} role="status">
            {chosen.size}/{max}
          </span>
          <Button small onClick={next} disabled={chosen.size === 0} loading={busy}>
            {nextLabel}
          </Button>
        </div>
        <SearchInput
          label="Who would you like to add?"
          placeholder="Who would you like to add?"
          value={query}
          onChange={setQuery}
          flush
        />
        {leftOut && (
          <Alert tone="info">
            {leftOut} was left out: a group holds at most {max.toLocaleString()} {max === 1 ? 'person' : 'people'}.
          </Alert>
        )}
      </div>
      <LoadState state={friends} what="people" empty="No friends to add yet." onRetry={onRetryFriends}>
        {(list) => (
          <PeopleChecklist
            label="People"
            people={list.map(toPerson)}
            chosen={chosen}
            onToggle={toggle}
            query={query}
            empty={`Nobody matches “${query}”.`}
          />
        )}
      </LoadState>
      {others.status !== 'idle' && <h3 className={s.sectionLabel}>More people</h3>}
      {others.status === 'loading' && <p className={s.muted}>Searching everyone…</p>}
      {others.status === 'error' && <p className={s.muted}>Could not search the directory.</p>}
      {others.status === 'ready' && (
        <PeopleChecklist
          label="More people"
          people={others.people.map(toPerson)}
          chosen={chosen}
          onToggle={toggle}
          query=""
          empty="Nobody else matches."
        />
      )}
    </Sheet>
  );
}
