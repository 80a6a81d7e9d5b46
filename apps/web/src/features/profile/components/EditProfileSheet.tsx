import type { PublicUser } from '@cohort/api';
import { useSetAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/Alert.tsx';
import * as l from '@/components/ui/layout.css.ts';
import { Sheet } from '@/components/ui/Sheet.tsx';
import { SheetActions } from '@/components/ui/SheetActions.tsx';
import { TextArea, TextField } from '@/components/ui/TextField.tsx';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import { fieldErrorsFrom } from '@/lib/forms/server-errors.ts';
import { useForm } from '@/lib/forms/use-form.ts';
import { useUpdateMe } from '../api/me.ts';
import { changesFrom, type EditProfileValues, editProfileRules, valuesFromUser } from '../edit-profile-form.ts';

/** The fields being edited, kept as a draft (only those changed, over the profile as it is when reopened). */
export const PROFILE_DRAFT = 'edit-profile';

/** Edit my profile: Save sends only what changed; Cancel or closing forgets the edits, a session that ends keeps them. */
export function EditProfileSheet({ user, onClose: close }: { user: PublicUser | null; onClose: () => void }) {
  const [initial] = useState(() => valuesFromUser(user));
  const form = useForm<EditProfileValues>(editProfileRules, initial, { draft: PROFILE_DRAFT });
  const onClose = () => {
    form.discard();
    close();
  };
  const update = useUpdateMe();
  const toast = useSetAtom(showToastAtom);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!form.trySubmit()) return;
    const changes = changesFrom(initial, form.values);
    if (Object.keys(changes).length === 0) return onClose();
    setPending(true);
    const result = await update(changes);
    setPending(false);
    if (!result.ok) {
      setError(`Your profile was not saved: ${result.error.message}`);
      form.setServerErrors(
        fieldErrorsFrom(result.error, {
          first_name: 'firstName',
          last_name: 'lastName',
          phone: 'phone',
          program: 'program',
          description: 'description',
          emails: 'emails',
        }),
      );
      return;
    }
    toast({ tone: 'success', text: 'Profile saved.' });
    onClose();
  };

  const { field } = form;
  return (
    <Sheet
      title="Edit my profile"
      onClose={onClose}
      footer={<SheetActions label="Save" busy={pending} lockCancel onCancel={onClose} form="edit-profile-form" />}
    >
      <form id="edit-profile-form" className={l.stack} onSubmit={submit} noValidate>
        <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
        <TextField label="Mobile" type="tel" autoComplete="tel" {...field('phone')} />
        <TextField label="Program" {...field('program')} />
        <TextField label="Other e-mail addresses" hint="Separate them with commas." {...field('emails')} />
        <TextArea label="About" {...field('description')} />
        {error && <Alert>{error}</Alert>}
      </form>
    </Sheet>
  );
}
