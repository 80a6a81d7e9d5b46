import { useState } from 'react';
import { Alert } from '@/components/ui/Alert.tsx';
import { Spinner } from '@/components/ui/Button.tsx';
import * as p from '@/components/ui/people.css.ts';
import { Sheet } from '@/components/ui/Sheet.tsx';
import { useResource } from '@/lib/resources.ts';
import * as s from './contacts.css.ts';

/** 'Search University Profiles': pick a university and see its people. */
export function UniversityProfilesSheet({ onPick, onClose }: { onPick: (name: string) => void; onClose: () => void }) {
  const state = useResource('University');
  const [query, setQuery] = useState('');
  const shown = (state?.data ?? []).filter((u) => u.name.toLowerCase().includes(query.trim().toLowerCase()));

  return (
    <Sheet title="Search University Profiles" onClose={onClose}>
      <input
        className={s.searchInput}
        aria-label="Find a university"
        placeholder="Search "
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {state?.status === 'error' && (
        <Alert onRetry={state.reload}>Could not load the universities: {state.error?.message}</Alert>
      )}
      {(!state || state.status === 'loading') && (
        <p className={p.meta}>
          <Spinner label="Loading universities" /> Loading…
        </p>
      )}
      {state?.status === 'ready' && shown.length === 0 && <p className={p.meta}>Nothing found.</p>}
      <ul className={p.rows} aria-label="Universities">
        {shown.map((u) => (
          <li key={u.id} style={{ padding: '4px 0' }}>
            <button type="button" className={p.choice} onClick={() => onPick(u.name)}>
              {u.name}
            </button>
          </li>
        ))}
      </ul>
    </Sheet>
  );
}
