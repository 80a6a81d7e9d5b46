import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/Alert.tsx';
import * as s from '@/components/ui/AuthPage.css.ts';
import { AuthLink, AuthPage } from '@/components/ui/AuthPage.tsx';
import { Button } from '@/components/ui/Button.tsx';
import { EmailField } from '@/components/ui/TextField.tsx';
import { paths } from '@/config/paths.ts';
import { useSubmit } from '@/lib/forms/use-submit.ts';
import { email as emailRule } from '@/lib/forms/validation.ts';
import { usePasswordReset } from '../api/password.ts';

/** The same words whatever the server knows: the screen never tells who has an account. */
export const SENT_NOTICE =
  'If an account uses that e-mail, a link to set a new password is on its way. It works once, within an hour.';

/** "Forgot password?": an e-mail address, then the same answer whether or not it has an account. */
export function ForgotPasswordForm() {
  const { request } = usePasswordReset();
  const [email, setEmail] = useState('');
  const [tried, setTried] = useState(false);
  const { pending, error, setError, submit } = useSubmit();
  const [sent, setSent] = useState(false);
  const invalid = emailRule(email, {}) ? undefined : 'Email is invalid';

  const onSubmit = async (event: FormEvent) => {
    setTried(true);
    const r = await submit(event, !invalid, () => request(email.trim()));
    if (!r) return;
    if (r.ok) setSent(true);
    else setError(r.error.fieldError('email') ?? r.error.message);
  };

  return (
    <AuthPage
      mark={false}
      title="Forgot password"
      subtitle="Enter your account's e-mail and we will send a link to set a new password."
      footer={<AuthLink to={paths.login}>Back to sign in</AuthLink>}
    >
      {sent ? (
        <Alert tone="success">{SENT_NOTICE}</Alert>
      ) : (
        <form className={s.form} onSubmit={onSubmit} noValidate aria-label="Forgot password">
          <EmailField
            name="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null);
            }}
            error={tried ? invalid : undefined}
          />
          {error && <Alert>{error}</Alert>}
          <Button type="submit" block loading={pending}>
            Send the link
          </Button>
        </form>
      )}
    </AuthPage>
  );
}
