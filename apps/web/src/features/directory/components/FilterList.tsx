import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { Chip, ChipList } from '@/components/ui/Chip.tsx';
import { FILTER_ROWS, type FilterRow } from '../filter-rows.ts';
import { directoryFiltersAtom, directoryKeywordAtom, type ListFilterKey, setDirectoryFilterAtom } from '../filters.ts';
import * as s from './contacts.css.ts';

/** The directory's filter rows: each opens its panel (`onOpen`) and shows what is chosen as removable chips. */
export function FilterList({ onOpen: setPanel }: { onOpen: (row: FilterRow) => void }) {
  const filters = useAtomValue(directoryFiltersAtom);
  const [keyword, setKeyword] = useAtom(directoryKeywordAtom);
  const setFilter = useSetAtom(setDirectoryFilterAtom);

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

  return (
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
                  <Chip key={`${tag.key}:${tag.value}`} label={tag.value} onRemove={() => remove(tag.key, tag.value)} />
                ))}
              </ChipList>
            )}
          </li>
        );
      })}
    </ul>
  );
}
