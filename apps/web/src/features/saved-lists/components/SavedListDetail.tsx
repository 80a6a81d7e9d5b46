import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button, Spinner } from '@/components/ui/Button.tsx';
import * as l from '@/components/ui/layout.css.ts';
import { PersonRow, toggleId } from '@/components/ui/PersonRow.tsx';
import * as p from '@/components/ui/people.css.ts';
import type { PeopleActionsSlot } from '@/components/ui/people-actions.ts';
import { ScreenHeader } from '@/components/ui/ScreenHeader.tsx';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import { paths } from '@/config/paths.ts';
import { shortDate } from '@/lib/dates.ts';
import { useSavedList, useSavedListActions } from '../api/saved-lists.ts';

/** One saved list: creation date, the selectable people and what to do with them. */
export function SavedListDetailView({
  id,
  onBack,
  onDeleted,
  people,
}: {
  id: number;
  onBack: () => void;
  onDeleted: () => void;
  /** Message Selected Contacts and Invite to Group (the groups feature's, from the route). */
  people: PeopleActionsSlot;
}) {
  const toast = useSetAtom(showToastAtom);
  const navigate = useNavigate();
  const { message, messaging, inviteSheet } = people;
  const { reload: load, ...state } = useSavedList(id);
  const list = state.data ?? null;
  const error = state.status === 'error' ? (state.error?.message ?? 'Unknown error') : null;
  const { remove: removeList } = useSavedListActions();
  const [selected, setSelected] = useState<string[]>([]);
  const [picking, setPicking] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    if (!list) return;
    setDeleting(true);
    const result = await removeList(id);
    setDeleting(false);
    if (!result.ok) return toast({ tone: 'error', text: `Could not delete the list: ${result.error.message}` });
    toast({ tone: 'success', text: `"${list.name}" moved to Recently Deleted.` });
    onDeleted();
  };

  const chosen = list?.members.filter((m) => selected.includes(m.id)) ?? [];
  const none = chosen.length === 0;

  return (
    <div className={l.screen}>
      <ScreenHeader title={list?.name || 'Saved list'} onBack={onBack} backLabel="Back to saved lists" />
      <section className={l.section}>
        {error && <Alert onRetry={load}>Could not load the list: {error}</Alert>}
        {!list && !error && (
          <p className={p.meta}>
            <Spinner label="Loading the list" /> Loading…
          </p>
        )}
        {list && (
          <>
            <p className={p.meta}>
              {[
                shortDate(list.created_at) && `Created ${shortDate(list.created_at)}`,
                list.count === 1 ? '1 person' : `${list.count} people`,
              ]
                .filter(Boolean)
                .join(' · ')}
              {list.deleted_at && ' · in Recently Deleted'}
            </p>
            <p>Select people to message or add to group</p>
            <div className={p.actions}>
              <Button small onClick={() => setPicking(true)} disabled={none}>
                Invite to Group
              </Button>
              <Button small onClick={() => void message(chosen)} disabled={none} loading={messaging}>
                Message Selected Contacts
              </Button>
              <Button
                small
                variant="secondary"
                disabled={list.members.length === 0}
                onClick={() =>
                  navigate(paths.otherProfile, {
                    state: { ids: none ? list.members.map((m) => m.id) : chosen.map((m) => m.id), listId: list.id },
                  })
                }
              >
                Enter Individual Profile Connector
              </Button>
              {!list.deleted_at && (
                <Button small variant="danger" onClick={remove} loading={deleting}>
                  Delete List
                </Button>
              )}
            </div>
            {list.members.length === 0 ? (
              <p className={p.meta}>No one is in this list any more.</p>
            ) : (
              <ul className={p.rows} aria-label="People in this list">
                {list.members.map((person) => (
                  <PersonRow
                    key={person.id}
                    person={person}
                    selected={selected.includes(person.id)}
                    onToggle={() => setSelected((ids) => toggleId(ids, person.id))}
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </section>
      {picking && inviteSheet(selected, () => setPicking(false))}
    </div>
  );
}
