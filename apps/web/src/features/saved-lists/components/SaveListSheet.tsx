import type { Schemas } from '@cohort/api';
import { useState } from 'react';
import { ActionSheet } from '@/components/ui/ActionSheet.tsx';
import * as p from '@/components/ui/people.css.ts';
import { TextField } from '@/components/ui/TextField.tsx';

type SearchFilters = Schemas['UserSearchFilters'];

import { useSavedListActions } from '../api/saved-lists.ts';

/** A default name from the search: 'Class of 2025 · Stanford University'. */
function suggestName(search: SearchFilters): string {
  const parts = [
    search.class_of?.length ? `Class of ${search.class_of.join(', ')}` : null,
    ...[search.university, search.program, search.major, search.company, search.industry, search.location].map((v) =>
      v?.length ? v.join(', ') : null,
    ),
    search.q ? `"${search.q}"` : null,
  ].filter(Boolean);
  return (parts.join(' · ') || 'My contacts').slice(0, 100);
}

/** Save Search List / Create list: the selected people, or everyone the search finds when none is selected. */
export function SaveListSheet({
  title = 'Save Search List',
  selected,
  search,
  total,
  onClose,
  onSaved,
}: {
  title?: string;
  selected: string[];
  search: SearchFilters;
  total: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { create } = useSavedListActions();
  const [name, setName] = useState(() => suggestName(search));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const whole = selected.length === 0;

  const save = async () => {
    if (!name.trim()) return setNameError('Name is required');
    setSaving(true);
    setError(null);
    const result = await create(whole ? { name: name.trim(), search } : { name: name.trim(), user_ids: selected });
    setSaving(false);
    if (!result.ok) {
      const failure = result.error;
      setNameError(failure.fieldErrors.name?.[0] ?? null);
      setError(failure.fieldErrors.search?.[0] ? `The search ${failure.fieldErrors.search[0]}` : failure.message);
      return;
    }
    onSaved();
  };

  return (
    <ActionSheet
      title={title}
      onClose={onClose}
      label="Save"
      busy={saving}
      lockCancel
      stretch
      onConfirm={save}
      error={error}
    >
      <p className={p.meta}>
        {whole
          ? total === null
            ? 'Saves everyone the chosen filters find.'
            : `Saves everyone the search found (${total === 1 ? '1 person' : `${total} people`}).`
          : `Saves the ${selected.length === 1 ? 'person' : `${selected.length} people`} you selected.`}
      </p>
      <TextField
        label="List name"
        value={name}
        maxLength={100}
        error={nameError ?? undefined}
        onChange={(e) => {
          setName(e.target.value);
          setNameError(null);
        }}
      />
    </ActionSheet>
  );
}
