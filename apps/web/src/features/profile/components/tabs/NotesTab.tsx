import type { Note } from '@cohort/api';
import { useSetAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button } from '@/components/ui/Button.tsx';
import { LoadState } from '@/components/ui/LoadState.tsx';
import * as l from '@/components/ui/layout.css.ts';
import { Sheet } from '@/components/ui/Sheet.tsx';
import { SheetActions } from '@/components/ui/SheetActions.tsx';
import { TextArea, TextField } from '@/components/ui/TextField.tsx';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import { useHasDraft } from '@/lib/drafts.ts';
import { fieldErrorsFrom } from '@/lib/forms/server-errors.ts';
import { useForm } from '@/lib/forms/use-form.ts';
import { notes, useAddProfileItem, useProfileList, useRemoveProfileItem } from '../../api/profile-items.ts';
import { emptyNote, type NoteValues, noteRules } from '../../note-form.ts';
import * as s from './tabs.css.ts';

/** The full-screen Add Note form: Title, Note, Date; Done saves only when valid and keeps the input on failure. */
const NOTE_DRAFT = 'add-note';

export function AddNoteForm({ onClose: close }: { onClose: () => void }) {
  // Kept as a draft while open, so a session that ends does not lose what was typed.
  const form = useForm<NoteValues>(noteRules, emptyNote, { draft: NOTE_DRAFT });
  const onClose = () => {
    form.discard();
    close();
  };
  const addNote = useAddProfileItem(notes);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setError(null);
    if (!form.trySubmit()) return;
    setPending(true);
    const result = await addNote({
      title: form.values.title.trim(),
      note: form.values.note.trim(),
      date: form.values.date,
    });
    setPending(false);
    if (result.ok) return onClose();
    setError(`The note was not saved: ${result.error.message}`);
    form.setServerErrors(fieldErrorsFrom(result.error, { title: 'title', note: 'note', date: 'date' }));
  };

  const { field } = form;
  return (
    <Sheet
      title="Add Note"
      variant="full"
      onClose={onClose}
      footer={<SheetActions label="Done" busy={pending} lockCancel onCancel={onClose} form="add-note-form" />}
    >
      <form id="add-note-form" className={l.stack} onSubmit={submit} noValidate>
        <TextField label="Title" {...field('title')} />
        <TextArea label="Note" {...field('note')} />
        <TextField label="Date" type="date" {...field('date')} />
        {error && <Alert>{error}</Alert>}
      </form>
    </Sheet>
  );
}

function NoteItem({ note, onDelete }: { note: Note; onDelete?: (() => Promise<void>) | undefined }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <li className={s.item}>
      <div className={s.itemBody}>
        <span className={s.itemMeta}>{note.date}</span>
        <span className={s.itemTitle} dir="auto">
          {note.title}
        </span>
        <span className={s.itemText} dir="auto">
          {note.note}
        </span>
      </div>
      {onDelete && (
        <Button
          small
          variant="danger"
          loading={deleting}
          aria-label={`Delete note ${note.title}`}
          onClick={async () => {
            setDeleting(true);
            await onDelete();
            setDeleting(false);
          }}
        >
          Delete
        </Button>
      )}
    </li>
  );
}

export function NotesTab({ owner, own }: { owner: string; own: boolean }) {
  const { state, reload } = useProfileList(notes, owner, own);
  const removeNote = useRemoveProfileItem(notes);
  const toast = useSetAtom(showToastAtom);
  // A note the user was typing when the session ended is reopened where they left it.
  const hadDraft = useHasDraft(NOTE_DRAFT);
  const [adding, setAdding] = useState(() => own && hadDraft);

  const remove = async (note: Note) => {
    const result = await removeNote(note.id);
    if (!result.ok) toast({ tone: 'error', text: `The note was not deleted: ${result.error.message}` });
  };

  return (
    <div className={s.tab}>
      {own && (
        <Button block onClick={() => setAdding(true)}>
          Add Note
        </Button>
      )}
      <LoadState state={state} what="notes" empty="No notes yet." onRetry={reload}>
        {(items) => (
          <ul className={l.list} aria-label="Notes">
            {items.map((note) => (
              <NoteItem key={note.id} note={note} onDelete={own ? () => remove(note) : undefined} />
            ))}
          </ul>
        )}
      </LoadState>
      {adding && <AddNoteForm onClose={() => setAdding(false)} />}
    </div>
  );
}
