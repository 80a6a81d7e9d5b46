import { useMemo, useState } from 'react';
import { ActionSheet } from '@/components/ui/ActionSheet.tsx';
import { Alert } from '@/components/ui/Alert.tsx';
import { Spinner } from '@/components/ui/Button.tsx';
import * as p from '@/components/ui/people.css.ts';
import { matches } from '@/lib/format.ts';
import { useResource } from '@/lib/resources.ts';
import type { FilterRow, FilterSection } from '../filter-rows.ts';
import type { DirectoryFilters, ListFilterKey } from '../filters.ts';
import * as s from './contacts.css.ts';

function Section({
  section,
  chosen,
  onChange,
}: {
  section: FilterSection;
  chosen: string[];
  onChange: (values: string[]) => void;
}) {
  const state = useResource(section.kind);
  const [query, setQuery] = useState('');
  const names = useMemo(() => {
    const all = (state?.data ?? []).map((item) => item.name);
    // Newest class years first: the people a student looks for are mostly recent.
    return section.kind === 'Graduation' ? all.reverse() : all;
  }, [state?.data, section.kind]);
  const shown = names.filter((name) => matches(name, query));

  return (
    <fieldset style={{ border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
      <legend className={s.sectionTitle}>
        {section.label}
        {chosen.length > 0 && ` (${chosen.length} chosen)`}
      </legend>
      <input
        className={s.searchInput}
        placeholder={section.placeholder}
        aria-label={`${section.label}: ${section.placeholder.trim()}`}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {state?.status === 'error' && (
        <Alert onRetry={state.reload}>Could not load the options: {state.error?.message}</Alert>
      )}
      {state.status === 'loading' && (
        <p className={p.meta}>
          <Spinner label="Loading options" /> Loading…
        </p>
      )}
      {state?.status === 'ready' && (
        <ul className={s.options} aria-label={`${section.label} options`}>
          {shown.length === 0 && (
            <li className={p.meta} style={{ padding: 12 }}>
              Nothing found.
            </li>
          )}
          {shown.map((name) => (
            <li key={name}>
              <label className={s.option}>
                <input
                  type="checkbox"
                  className={p.checkbox}
                  checked={chosen.includes(name)}
                  onChange={() =>
                    onChange(chosen.includes(name) ? chosen.filter((v) => v !== name) : [...chosen, name])
                  }
                />
                {name}
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** The filter panel: a multi-select per section and Add, which hands the chosen options back and closes. */
export function FilterPanel({
  row,
  filters,
  onAdd,
  onClose,
}: {
  row: FilterRow;
  filters: DirectoryFilters;
  onAdd: (values: Partial<Record<ListFilterKey, string[]>>) => void;
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<Partial<Record<ListFilterKey, string[]>>>(() =>
    Object.fromEntries(row.sections.map((sec) => [sec.key, filters[sec.key] ?? []])),
  );

  return (
    <ActionSheet title={row.label} onClose={onClose} label="Add" stretch onConfirm={() => onAdd(chosen)}>
      {row.sections.map((sec) => (
        <Section
          key={sec.key}
          section={sec}
          chosen={chosen[sec.key] ?? []}
          onChange={(values) => setChosen((c) => ({ ...c, [sec.key]: values }))}
        />
      ))}
    </ActionSheet>
  );
}

/** The Keywords row: free words, matched against name, company and description. */
export function KeywordPanel({
  keyword,
  onAdd,
  onClose,
}: {
  keyword: string;
  onAdd: (keyword: string) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState(keyword);
  return (
    <ActionSheet title="Keywords" onClose={onClose} label="Add" stretch onConfirm={() => onAdd(text)}>
      <p className={p.meta}>Words to find in a person's name, company or description.</p>
      <input
        className={s.searchInput}
        aria-label="Keywords"
        placeholder="e.g. climate founder"
        value={text}
        maxLength={100}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onAdd(text);
        }}
      />
    </ActionSheet>
  );
}
