import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button.tsx';
import * as l from '../../components/ui/layout.css.ts';
import { ScreenHeader } from '../../components/ui/ScreenHeader.tsx';
import { paths } from '../../config/paths.ts';
import { useDirectorySearch } from '../../features/directory/api/search.ts';
import * as s from '../../features/directory/components/contacts.css.ts';
import { FilterList } from '../../features/directory/components/FilterList.tsx';
import { FilterRowPanel } from '../../features/directory/components/FilterRowPanel.tsx';
import { KeywordSearch } from '../../features/directory/components/KeywordSearch.tsx';
import { ResultsSheet } from '../../features/directory/components/ResultsSheet.tsx';
import { UniversityProfilesSheet } from '../../features/directory/components/UniversityProfilesSheet.tsx';
import type { FilterRow } from '../../features/directory/filter-rows.ts';
import {
  directoryFiltersAtom,
  directoryKeywordAtom,
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
  const keyword = useAtomValue(directoryKeywordAtom);
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
      <ScreenHeader title="Contacts" />
      <div className={s.headerActions}>
        <Button small variant="secondary" onClick={() => setSheet('create')}>
          Create list
        </Button>
        <Button small variant="secondary" onClick={() => setSheet('group')}>
          Create Group From List
        </Button>
      </div>

      <FilterList onOpen={setPanel} />

      <KeywordSearch onSearch={() => search()} />
      <div className={l.section} style={{ paddingTop: 0 }}>
        <Button variant="secondary" block onClick={() => navigate(paths.nearby)}>
          Find People Nearby
        </Button>
        <Button variant="secondary" block onClick={() => setSheet('universities')} aria-haspopup="dialog">
          Search University Profiles
        </Button>
      </div>

      {panel && <FilterRowPanel row={panel} onClose={() => setPanel(null)} />}
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
