import { type FieldRules, minLength, required } from '../../lib/forms/validation.ts';

export type NoteValues = { title: string; note: string; date: string };

/** Add Note: each field required, at least 4 characters; each message names its own field. */
export const noteRules: Record<keyof NoteValues, FieldRules> = {
  title: { rules: [required, minLength(4)], message: 'Title is required' },
  note: { rules: [required, minLength(4)], message: 'Note is invalid' },
  date: { rules: [required, minLength(4)], message: 'Date is required' },
};

export const emptyNote: NoteValues = { title: '', note: '', date: '' };
