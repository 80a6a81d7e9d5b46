import { useSetAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button } from '@/components/ui/Button.tsx';
import { PasswordField, TextField } from '@/components/ui/TextField.tsx';
import { accountClosedAtom } from '@/lib/auth.ts';
import { useAccountActions } from '../api/account.ts';
import * as s from './settings.css.ts';

const WORD = 'DELETE';

/** Deletes the account after the typed word and the password; then the app is signed out. */
export function DeleteAccount() {
  const { deleteAccount } = useAccountActions();
  const closed = useSetAtom(accountClosedAtom);
  const [word, setWord] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ word?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const broken = {
      ...(word !== WORD && { word: `Type ${WORD} to confirm` }),
      ...(password === '' && { password: 'Enter your password' }),
    };
    setErrors(broken);
    setError(null);
    if (Object.keys(broken).length > 0) return;
    setPending(true);
    const r = await deleteAccount(password);
    setPending(false);
    if (r.ok) return closed('Your account is deleted, with everything it held.');
    const field = r.error.fieldError('password');
    if (field) setErrors({ password: field });
    else setError(r.error.message);
  };

  return (
    <form className={s.form} onSubmit={onSubmit} noValidate aria-labelledby="delete-account">
      <h2 id="delete-account" className={`${s.heading} ${s.danger}`}>
        Delete account
      </h2>
      <p>
        Your profile, lists, saved messages, events and connections are removed at once and cannot come back. What you
        wrote in groups stays, shown as from “Deleted user”.
      </p>
      <TextField
        label={`Type ${WORD} to confirm`}
        name="confirm"
        autoComplete="off"
        value={word}
        onChange={(e) => {
          setWord(e.target.value);
          setErrors((x) => ({ ...x, word: undefined }));
        }}
        error={errors.word}
      />
      <PasswordField
        name="password"
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          setErrors((x) => ({ ...x, password: undefined }));
        }}
        error={errors.password}
      />
      {error && <Alert>{error}</Alert>}
      <Button type="submit" variant="danger" loading={pending}>
        Delete my account
      </Button>
    </form>
  );
}
