import { useAtom } from 'jotai';
import { Button } from '@/components/ui/Button.tsx';
import { directoryKeywordAtom } from '../filters.ts';
import * as s from './contacts.css.ts';

/** The directory's keyword box: typing keeps the keyword (for the session); Search runs the search. */
export function KeywordSearch({ onSearch }: { onSearch: () => void }) {
  const [keyword, setKeyword] = useAtom(directoryKeywordAtom);
  return (
    <form
      className={s.searchBox}
      aria-label="Search people"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch();
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
  );
}
