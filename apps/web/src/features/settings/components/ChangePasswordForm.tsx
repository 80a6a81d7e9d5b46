import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button } from '@/components/ui/Button.tsx';
import { PasswordField } from '@/components/ui/TextField.tsx';
import { useAccountActions } from '../api/account.ts';
import {
  type PasswordChange,
  type PasswordChangeErrors,
  passwordChangeErrors,
  SERVER_FIELDS,
} from '../password-change.ts';
import * as s from './settings.css.ts';

const EMPTY: PasswordChange = { current: '', password: '', confirmation: '' };

/** Current, new and confirmed password; each broken rule by its field, the typed text kept. */
export function ChangePasswordForm() {
  const { changePassword } = useAccountActions();
  const [value, setValue] = useState(EMPTY);
  const [errors, setErrors] = useState<PasswordChangeErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const change = (field: keyof PasswordChange, text: string) => {
    setValue((v) => ({ ...v, [field]: text }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setError(null);
    setDone(null);
  };
  const bind = (field: keyof PasswordChange) => ({
    value: value[field],
    onChange: (e: { target: { value: string } }) => change(field, e.target.value),
    error: errors[field],
  });
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const broken = passwordChangeErrors(value);
    setErrors(broken);
    setDone(null);
    if (Object.keys(broken).length > 0) return;
    setPending(true);
    const r = await changePassword(value);
    setPending(false);
    if (r.ok) {
      setValue(EMPTY);
      setDone('Your password is changed. Every other device was signed out.');
      return;
    }
    const fields: PasswordChangeErrors = {};
    for (const [server, field] of Object.entries(SERVER_FIELDS)) {
      const message = r.error.fieldError(server);
      if (message) fields[field] = message;
    }
    setErrors(fields);
    if (Object.keys(fields).length === 0) setError(r.error.message);
  };

  return (
    <form className={s.form} onSubmit={onSubmit} noValidate aria-labelledby="change-password">
      <h2 id="change-password" className={s.heading}>
        Change password
      </h2>
      <PasswordField label="Current password" name="current_password" {...bind('current')} />
      <PasswordField fresh label="New password" name="password" hint="4 to 30 characters." {...bind('password')} />
      <PasswordField fresh label="Confirm new password" name="password_confirmation" {...bind('confirmation')} />
      {error && <Alert>{error}</Alert>}
      {done && <Alert tone="success">{done}</Alert>}
      <Button type="submit" loading={pending}>
        Change password
      </Button>
    </form>
  );
}
