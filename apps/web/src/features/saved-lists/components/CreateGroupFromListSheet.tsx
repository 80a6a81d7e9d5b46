import type { Channel, ChannelInput } from '@cohort/api';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionSheet } from '@/components/ui/ActionSheet.tsx';
import { LoadState } from '@/components/ui/LoadState.tsx';
import * as p from '@/components/ui/people.css.ts';
import { TextField } from '@/components/ui/TextField.tsx';
import { paths } from '@/config/paths.ts';
import type { ActionResult } from '@/lib/result.ts';
import { type SavedList, useSavedListActions, useSavedLists } from '../api/saved-lists.ts';

/** 'Create Group From List': a new group whose members are a saved list's people. */
export function CreateGroupFromListSheet({
  onClose,
  createGroup,
}: {
  onClose: () => void;
  /** The groups feature's create (so Chats and My Groups show the new group). */
  createGroup: (input: ChannelInput) => Promise<ActionResult<Channel>>;
}) {
  const navigate = useNavigate();
  const { reload: load, ...lists } = useSavedLists(false);
  const { read } = useSavedListActions();
  const [chosen, setChosen] = useState<SavedList | null>(null);
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const create = async () => {
    if (!chosen) return;
    setSaving(true);
    setError(null);
    const list = await read(chosen.id);
    if (!list.ok) {
      setSaving(false);
      return setError(list.error.message);
    }
    const created = await createGroup({
      name: name.trim() || chosen.name,
      description: `Created from the saved list "${chosen.name}".`,
      tags: [],
      is_closed: false,
      users: list.value.members.map((m) => m.id),
    });
    setSaving(false);
    if (!created.ok) return setError(created.error.message);
    const channel = created.value;
    navigate(`${paths.groupProfile}?id=${encodeURIComponent(channel.id)}`, { state: { id: channel.id, channel } });
  };

  return (
    <ActionSheet
      title="Create Group From List"
      onClose={onClose}
      label="Create Group"
      busy={saving}
      disabled={!chosen}
      lockCancel
      stretch
      onConfirm={create}
      error={error}
    >
      <LoadState
        state={lists}
        what="your saved lists"
        empty="You have no saved lists yet. Save a search first."
        onRetry={load}
      >
        {(all) => (
          <ul className={p.rows} aria-label="Saved lists">
            {all.map((list) => (
              <li key={list.id} style={{ padding: '4px 0' }}>
                <button
                  type="button"
                  className={p.choice}
                  aria-pressed={chosen?.id === list.id}
                  onClick={() => {
                    setChosen(list);
                    setName(list.name);
                  }}
                  style={chosen?.id === list.id ? { borderColor: 'currentColor', fontWeight: 600 } : undefined}
                >
                  <span>{list.name}</span>
                  <span className={p.meta}>{list.count} people</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </LoadState>
      {chosen && (
        <TextField label="Group Name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      )}
    </ActionSheet>
  );
}
