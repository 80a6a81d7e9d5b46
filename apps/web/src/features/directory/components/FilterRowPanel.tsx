import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import type { FilterRow } from '../filter-rows.ts';
import { directoryFiltersAtom, directoryKeywordAtom, type ListFilterKey, setDirectoryFilterAtom } from '../filters.ts';
import { FilterPanel, KeywordPanel } from './FilterPanel.tsx';

/** The panel of one filter row: its lists to choose from, or the keyword for a row without lists. */
export function FilterRowPanel({ row, onClose }: { row: FilterRow; onClose: () => void }) {
  const filters = useAtomValue(directoryFiltersAtom);
  const [keyword, setKeyword] = useAtom(directoryKeywordAtom);
  const setFilter = useSetAtom(setDirectoryFilterAtom);
  if (row.sections.length === 0)
    return (
      <KeywordPanel
        keyword={keyword}
        onClose={onClose}
        onAdd={(text) => {
          setKeyword(text.trim());
          onClose();
        }}
      />
    );
  return (
    <FilterPanel
      row={row}
      filters={filters}
      onClose={onClose}
      onAdd={(values) => {
        for (const [key, list] of Object.entries(values) as [ListFilterKey, string[]][]) setFilter(key, list);
        onClose();
      }}
    />
  );
}
