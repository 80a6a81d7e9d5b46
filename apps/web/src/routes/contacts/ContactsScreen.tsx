import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { apiClientAtom } from '../../state/api.ts';
import {
  type DirectoryFilters,
  directoryFiltersAtom,
  directoryKeywordAtom,
  type ListFilterKey,
  type Person,
  setDirectoryFilterAtom,
  toSearch,
} from '../../state/directory.ts';
import { Button } from '../../ui/Button.tsx';
import { Chip, ChipList } from '../../ui/Chip.tsx';
import * as l from '../../ui/layout.css.ts';
import { CreateGroupFromListSheet } from './CreateGroupFromListSheet.tsx';
import * as s from './contacts.css.ts';
import { FilterPanel, KeywordPanel } from './FilterPanel.tsx';
import { FILTER_ROWS, type FilterRow } from './filter-rows.ts';
import { ResultsSheet, type SearchState } from './ResultsSheet.tsx';
import { SaveListSheet } from './SaveListSheet.tsx';
import { UniversityProfilesSheet } from './UniversityProfilesSheet.tsx';

const PER_PAGE = 30;

/** The contact directory (/contacts and every other main-app path): filters, search, results and list building. */
export default function ContactsScreen() {
  const api = useAtomValue(apiClientAtom);
  const navigate = useNavigate();
  const filters = useAtomValue(directoryFiltersAtom);
  const [keyword, setKeyword] = useAtom(directoryKeywordAtom);
  const setFilter = useSetAtom(setDirectoryFilterAtom);
  const [panel, setPanel] = useState<FilterRow | null>(null);
  const [sheet, setSheet] = useState<'universities' | 'save' | 'create' | 'group' | null>(null);
  const [results, setResults] = useState<SearchState | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [people, setPeople] = useState<Map<string, Person>>(new Map());

  const search = async (page = 1, using: DirectoryFilters = filters, words: string = keyword) => {
    const query = toSearch(using, words);
    setResults((r) => ({
      query,
      status: 'loading',
      error: null,
      data: page === 1 ? [] : (r?.data ?? []),
      total: r?.total ?? 0,
      page,
      lastPage: r?.lastPage ?? 1,
    }));
    if (page === 1) setSelected([]);
    const { data, error } = await api.GET('/api/v1/users/search', {
      params: { query: { ...query, page, per_page: PER_PAGE } },
    });
    if (error) {
      setResults((r) => (r ? { ...r, status: 'error', error: error.message } : r));
      return;
    }
    const found = data.data;
    setPeople((m) => new Map([...m, ...found.data.map((p) => [p.id, p] as const)]));
    setResults((r) => ({
      query,
      status: 'ready',
      error: null,
      data: page === 1 ? found.data : [...(r?.data ?? []), ...found.data],
      total: found.total,
      page: found.current_page,
      lastPage: found.last_page,
    }));
  };

  const chips = (row: FilterRow) => {
    if (row.sections.length === 0) {
      const words = keyword.trim();
      return words ? [{ key: 'q' as const, value: words }] : [];
    }
    return row.sections.flatMap((sec) => (filters[sec.key] ?? []).map((value) => ({ key: sec.key, value })));
  };

  const remove = (key: ListFilterKey | 'q', value: string) => {
    if (key === 'q') setKeyword('');
    else
      setFilter(
        key,
        (filters[key] ?? []).filter((v) => v !== value),
      );
  };

  const chosenPeople = selected.flatMap((id) => people.get(id) ?? []);

  return (
    <div className={l.screen}>
      <header className={l.topBar}>
        <h1 className={l.topTitle}>Contacts</h1>
      </header>
      <div className={s.headerActions}>
        <Button small variant="secondary" onClick={() => setSheet('create')}>
          Create list
        </Button>
        <Button small variant="secondary" onClick={() => setSheet('group')}>
          Create Group From List
        </Button>
      </div>

      <ul className={s.filters} aria-label="Filters">
        {FILTER_ROWS.map((row) => {
          const tags = chips(row);
          return (
            <li key={row.label} className={s.filterRow}>
              <button type="button" className={s.filterButton} onClick={() => setPanel(row)} aria-haspopup="dialog">
                <span>{row.label}</span>
                <span className={s.chevron} aria-hidden="true">
                  ›
                </span>
              </button>
              {tags.length > 0 && (
                <ChipList label={`${row.label} chosen`}>
                  {tags.map((tag) => (
                    <Chip
                      key={`${tag.key}:${tag.value}`}
                      label={tag.value}
                      onRemove={() => remove(tag.key, tag.value)}
                    />
                  ))}
                </ChipList>
              )}
            </li>
          );
        })}
      </ul>

      <form
        className={s.searchBox}
        aria-label="Search people"
        onSubmit={(e) => {
          e.preventDefault();
          void search(1);
        }}
      >
        <input
          className={s.searchInput}
          type="search"
          aria-label="Search people"
          placeholder="Search by name, company or description"
          value={keyword}
          maxLength={100}
          onChange={(e) => setKeyword(e.target.value)}
        />
        <Button type="submit">Search</Button>
      </form>
      <div className={l.section} style={{ paddingTop: 0 }}>
        <Button variant="secondary" block disabled aria-describedby="nearby-note">
          Find People Nearby
        </Button>
        <p id="nearby-note" className={l.muted}>
          Find People Nearby is not available yet.
        </p>
        <Button variant="secondary" block onClick={() => setSheet('universities')} aria-haspopup="dialog">
          Search University Profiles
        </Button>
      </div>

      {panel && panel.sections.length > 0 && (
        <FilterPanel
          row={panel}
          filters={filters}
          onClose={() => setPanel(null)}
          onAdd={(values) => {
            for (const [key, list] of Object.entries(values) as [ListFilterKey, string[]][]) setFilter(key, list);
            setPanel(null);
          }}
        />
      )}
      {panel && panel.sections.length === 0 && (
        <KeywordPanel
          keyword={keyword}
          onClose={() => setPanel(null)}
          onAdd={(text) => {
            setKeyword(text.trim());
            setPanel(null);
          }}
        />
      )}
      {sheet === 'universities' && (
        <UniversityProfilesSheet
          onClose={() => setSheet(null)}
          onPick={(name) => {
            setSheet(null);
            const next = { ...filters, university: [name] };
            setFilter('university', [name]);
            void search(1, next);
          }}
        />
      )}
      {results && (
        <ResultsSheet
          results={results}
          selected={selected}
          onSelect={setSelected}
          onMore={() => void search(results.page + 1)}
          onRetry={() => void search(results.page)}
          onSearchAgain={() => {
            // A selection the user can no longer see must not end up in the header's 'Create list'.
            setResults(null);
            setSelected([]);
          }}
          onSave={() => setSheet('save')}
          chosenPeople={chosenPeople}
        />
      )}
      {(sheet === 'save' || sheet === 'create') && (
        <SaveListSheet
          title={sheet === 'create' ? 'Create list' : 'Save Search List'}
          selected={selected}
          search={results?.query ?? toSearch(filters, keyword)}
          total={results?.status === 'ready' ? results.total : null}
          onClose={() => setSheet(null)}
          onSaved={() => {
            setSheet(null);
            setResults(null);
            navigate(paths.savedLists);
          }}
        />
      )}
      {sheet === 'group' && <CreateGroupFromListSheet onClose={() => setSheet(null)} />}
    </div>
  );
}
