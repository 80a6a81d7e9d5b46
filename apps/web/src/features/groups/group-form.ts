import type { ChannelInput } from '@cohort/api';

export const MAX_MEMBERS = 200_000;
export const DESCRIPTION_MAX = 1000;
export const NAME_MAX = 100;

/** The New Group details form before it becomes a ChannelInput. */
export interface GroupForm {
  name: string;
  isSubgroup: boolean;
  parentId: string;
  expires: boolean;
  expiresYear: number;
  isPublic: boolean;
  isOpen: boolean;
  tags: number[];
  description: string;
}

/** Expiry years: this year to this year + 3 (a fixed list of years would soon be in the past). */
export function expiryYears(now: Date = new Date()): number[] {
  const year = now.getFullYear();
  return [year, year + 1, year + 2, year + 3];
}

export function emptyGroupForm(now: Date = new Date()): GroupForm {
  return {
    name: '',
    isSubgroup: false,
    parentId: '',
    expires: false,
    expiresYear: now.getFullYear(),
    isPublic: false,
    isOpen: false,
    tags: [],
    description: '',
  };
}

export type GroupFormErrors = Partial<Record<'name' | 'parentId' | 'description' | 'tags' | 'users', string>>;

/** Validated on every change, as every form is. */
export function validateGroupForm(form: GroupForm): GroupFormErrors {
  const errors: GroupFormErrors = {};
  if (!form.name.trim()) errors.name = 'Group Name is required';
  else if (form.name.trim().length > NAME_MAX) errors.name = `Group Name must be at most ${NAME_MAX} characters`;
  if (form.isSubgroup && !form.parentId) errors.parentId = 'Choose the group this is a subgroup of';
  if (form.description.length > DESCRIPTION_MAX) {
    errors.description = `Description must be at most ${DESCRIPTION_MAX} characters`;
  }
  return errors;
}

/** Every field of the form goes to the server, subgroup, public, open and expiry included. */
export function toChannelInput(form: GroupForm, users: string[]): ChannelInput {
  return {
    name: form.name.trim(),
    description: form.description,
    tags: form.tags,
    // A group that is not open needs a request to join: that is what "closed" means.
    is_closed: !form.isOpen,
    users,
    parent_id: form.isSubgroup ? form.parentId : null,
    is_public: form.isPublic,
    is_open: form.isOpen,
    expires_year: form.expires ? form.expiresYear : null,
  };
}

/** Server field errors (`tags.1`, `users.0`, `description`) mapped onto the form's fields. */
export function serverErrors(fieldErrors: Record<string, string[]> | undefined): GroupFormErrors {
  const out: GroupFormErrors = {};
  for (const [key, messages] of Object.entries(fieldErrors ?? {})) {
    const root = key.split('.')[0] ?? key;
    const field = root === 'parent_id' ? 'parentId' : root;
    if (field === 'name' || field === 'parentId' || field === 'description' || field === 'tags' || field === 'users') {
      out[field] = messages[0] ?? 'is not valid';
    }
  }
  return out;
}
