import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/Button.tsx';
import { LoadState } from '../../components/ui/LoadState.tsx';
import * as l from '../../components/ui/layout.css.ts';
import * as p from '../../components/ui/people.css.ts';
import { ScreenHeader } from '../../components/ui/ScreenHeader.tsx';
import { showToastAtom } from '../../components/ui/toast-state.ts';
import { usePeopleSlot } from '../../features/groups/hooks/use-people-slot.tsx';
import { type SavedList, useSavedListActions, useSavedLists } from '../../features/saved-lists/api/saved-lists.ts';
import { SavedListDetailView } from '../../features/saved-lists/components/SavedListDetail.tsx';
import * as s from '../../features/saved-lists/components/saved-lists.css.ts';
import { shortDate } from '../../lib/dates.ts';

/** /savedlists: All Saved Lists and Recently Deleted from the server; `?list=<id>` opens one list. */
export default function SavedListsScreen() {
  const toast = useSetAtom(showToastAtom);
  const people = usePeopleSlot();
  const [params, setParams] = useSearchParams();
  const { reload: loadAll, ...all } = useSavedLists(false);
  const { reload: loadDeleted, ...deleted } = useSavedLists(true);
  const { restore: restoreList } = useSavedListActions();
  const [restoring, setRestoring] = useState<number | null>(null);
  const open = Number(params.get('list')) || null;

  const restore = async (list: SavedList) => {
    setRestoring(list.id);
    const result = await restoreList(list.id);
    setRestoring(null);
    if (!result.ok) return toast({ tone: 'error', text: `Could not restore "${list.name}": ${result.error.message}` });
    toast({ tone: 'success', text: `"${list.name}" restored.` });
  };

  if (open) {
    return (
      <SavedListDetailView id={open} onBack={() => setParams({})} onDeleted={() => setParams({})} people={people} />
    );
  }

  return (
    <div className={l.screen}>
      <ScreenHeader title="Saved Lists" />
      <section className={l.section} aria-labelledby="all-lists">
        <h2 id="all-lists" className={s.heading}>
          All Saved Lists
        </h2>
        <LoadState
          state={all}
          what="your saved lists"
          empty="No saved lists yet. Search the directory and use Save Search List."
          onRetry={loadAll}
        >
          {(lists) => (
            <ul className={p.rows} aria-label="All Saved Lists">
              {lists.map((list) => (
                <li key={list.id}>
                  <button type="button" className={s.listRow} onClick={() => setParams({ list: String(list.id) })}>
                    <span className={s.date}>{shortDate(list.created_at)}</span>
                    <span className={p.name} dir="auto">
                      {list.name || 'Untitled list'}
                    </span>
                    <span className={s.count}>
                      {list.count}
                      <span className={l.visuallyHidden}>{list.count === 1 ? ' person' : ' people'}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </LoadState>
      </section>
      <section className={l.section} aria-labelledby="deleted-lists">
        <h2 id="deleted-lists" className={s.heading}>
          Recently Deleted
        </h2>
        <LoadState state={deleted} what="recently deleted lists" empty="Nothing deleted." onRetry={loadDeleted}>
          {(lists) => (
            <ul className={p.rows} aria-label="Recently Deleted">
              {lists.map((list) => (
                <li key={list.id} className={s.listRow} style={{ cursor: 'default' }}>
                  <span className={s.date}>{shortDate(list.deleted_at)}</span>
                  <span className={p.name}>
                    <span dir="auto">{list.name || 'Untitled list'}</span>{' '}
                    <span className={p.meta}>({list.count})</span>
                  </span>
                  <Button small variant="secondary" onClick={() => restore(list)} loading={restoring === list.id}>
                    Restore
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </LoadState>
      </section>
    </div>
  );
}
