import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button.tsx';
import * as l from '../../components/ui/layout.css.ts';
import { paths } from '../../config/paths.ts';
import { useDirectorySearch } from '../../features/directory/api/search.ts';
import * as s from '../../features/directory/components/contacts.css.ts';
import { FilterList } from '../../features/directory/components/FilterList.tsx';
import { FilterPanel, KeywordPanel } from '../../features/directory/components/FilterPanel.tsx';
import { ResultsSheet } from '../../features/directory/components/ResultsSheet.tsx';
import { UniversityProfilesSheet } from '../../features/directory/components/UniversityProfilesSheet.tsx';
import type { FilterRow } from '../../features/directory/filter-rows.ts';
import {
  directoryFiltersAtom,
  directoryKeywordAtom,
  type ListFilterKey,
  type SearchFilters,
  setDirectoryFilterAtom,
  toSearch,
} from '../../features/directory/filters.ts';
import { useChannelActions } from '../../features/groups/api/channels.ts';
import { usePeopleSlot } from '../../features/groups/hooks/use-people-slot.tsx';
import { CreateGroupFromListSheet } from '../../features/saved-lists/components/CreateGroupFromListSheet.tsx';
import { SaveListSheet } from '../../features/saved-lists/components/SaveListSheet.tsx';

/** The contact directory (/contacts and every other main-app path): filters, search, results and list building. */
export default function ContactsScreen() {
  const navigate = useNavigate();
  const people = usePeopleSlot();
  const { create: createGroup } = useChannelActions();
  const filters = useAtomValue(directoryFiltersAtom);
  const [keyword, setKeyword] = useAtom(directoryKeywordAtom);
  const setFilter = useSetAtom(setDirectoryFilterAtom);
  const [panel, setPanel] = useState<FilterRow | null>(null);
  const [sheet, setSheet] = useState<'universities' | 'save' | 'create' | 'group' | null>(null);
  // The results are a history entry of their own (the search in its state): Back closes them and
  // returns to the filters, which stay as chosen.
  const location = useLocation();
  const searched = (location.state as { search?: SearchFilters } | null)?.search ?? null;
  const { state: results, more, retry } = useDirectorySearch(searched);
  const [selected, setSelected] = useState<string[]>([]);

  /** A new search starts from its first page with nothing selected; the same search again reads it afresh. */
  const search = (query: SearchFilters = toSearch(filters, keyword)) => {
    setSelected([]);
    if (searched && JSON.stringify(searched) === JSON.stringify(query)) retry();
    else navigate(`${location.pathname}${location.search}`, { replace: searched !== null, state: { search: query } });
  };

  const chosenPeople = (results?.data ?? []).filter((person) => selected.includes(person.id));

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

      <FilterList onOpen={setPanel} />

      <form
        className={s.searchBox}
        aria-label="Search people"
        onSubmit={(e) => {
          e.preventDefault();
          search();
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
        <Button variant="secondary" block onClick={() => navigate(paths.nearby)}>
          Find People Nearby
        </Button>
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
            setFilter('university', [name]);
            search(toSearch({ ...filters, university: [name] }, keyword));
          }}
        />
      )}
      {results && (
        <ResultsSheet
          people={people}
          results={results}
          selected={selected}
          onSelect={setSelected}
          onMore={more}
          onRetry={retry}
          onSearchAgain={() => {
            // A selection the user can no longer see must not end up in the header's 'Create list'.
            setSelected([]);
            navigate(-1);
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
            // Back from Saved Lists returns to the filters, not to the results just saved.
            navigate(paths.savedLists, { replace: searched !== null });
          }}
        />
      )}
      {sheet === 'group' && <CreateGroupFromListSheet onClose={() => setSheet(null)} createGroup={createGroup} />}
    </div>
  );
}
