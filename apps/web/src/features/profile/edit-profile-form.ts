import type { PublicUser, Schemas } from '@cohort/api';
import { email, type FieldRules, maxLength, required } from '../../lib/forms/validation.ts';

export type EditProfileValues = {
  firstName: string;
  lastName: string;
  phone: string;
  program: string;
  description: string;
  emails: string;
};

const splitEmails = (v: string) =>
  v
    .split(/[\s,]+/)
    .map((e) => e.trim())
    .filter(Boolean);

/** Bounds as the contract's UserUpdate. */
export const editProfileRules: Record<keyof EditProfileValues, FieldRules> = {
  firstName: { rules: [required, maxLength(100)], message: 'First name is required' },
  lastName: { rules: [required, maxLength(100)], message: 'Last name is required' },
  phone: { rules: [maxLength(40)], message: 'Mobile is too long' },
  program: { rules: [maxLength(200)], message: 'Program is too long' },
  description: { rules: [maxLength(2000)], message: 'About is too long (2000 characters at most)' },
  emails: {
    rules: [(v) => splitEmails(v).every((e) => email(e, {})), (v) => splitEmails(v).length <= 10],
    message: 'Enter up to 10 valid e-mail addresses, separated by commas',
  },
};

export function valuesFromUser(user: PublicUser | null): EditProfileValues {
  return {
    firstName: user?.first_name ?? '',
    lastName: user?.last_name ?? '',
    phone: user?.phone ?? '',
    program: user?.program ?? '',
    description: user?.description ?? '',
    emails: (user?.emails ?? []).join(', '),
  };
}

/** Only the fields that changed are sent (PATCH semantics); empty optional text clears the field. */
export function changesFrom(before: EditProfileValues, after: EditProfileValues): Schemas['UserUpdate'] {
  const out: Schemas['UserUpdate'] = {};
  const text = (v: string) => (v.trim() === '' ? null : v.trim());
  if (after.firstName !== before.firstName) out.first_name = after.firstName.trim();
  if (after.lastName !== before.lastName) out.last_name = after.lastName.trim();
  if (after.phone !== before.phone) out.phone = text(after.phone);
  if (after.program !== before.program) out.program = text(after.program);
  if (after.description !== before.description) out.description = text(after.description);
  if (after.emails !== before.emails) out.emails = [...new Set(splitEmails(after.emails))];
  return out;
}
