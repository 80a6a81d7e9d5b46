import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/Alert.tsx';
import * as s from '@/components/ui/AuthPage.css.ts';
import { AuthLink, AuthPage } from '@/components/ui/AuthPage.tsx';
import { Button } from '@/components/ui/Button.tsx';
import { PasswordField } from '@/components/ui/TextField.tsx';
import { paths } from '@/config/paths.ts';
import { useSubmit } from '@/lib/forms/use-submit.ts';
import { brokenPasswordRules, TOKEN_PATTERN, usePasswordReset } from '../api/password.ts';

function AskAgain({ children }: { children: string }) {
  return (
    <Alert
      action={
        <Link className={s.link} to={paths.forgotPassword}>
          Ask for a new link
        </Link>
      }
    >
      {children}
    </Alert>
  );
}

/**
 * The mailed link's screen: a new password under the sign-up rules (every broken rule listed, the
 * typed text kept), a clear word for a used, expired or damaged link, then `onDone` (to sign-in).
 */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { reset } = usePasswordReset();
  const rulesId = useId();
  const [value, setValue] = useState({ password: '', confirmation: '' });
  const [tried, setTried] = useState(false);
  const { pending, error, setError, submit } = useSubmit();
  const [badLink, setBadLink] = useState<string | null>(
    TOKEN_PATTERN.test(token)
      ? null
      : 'This link is incomplete or damaged. Open the link from the e-mail again, or ask for a new one.',
  );
  const broken = brokenPasswordRules(value);
  const shown = tried ? broken : [];

  const change = (field: keyof typeof value, text: string) => {
    setValue((v) => ({ ...v, [field]: text }));
    setError(null);
  };
  const onSubmit = async (event: FormEvent) => {
    setTried(true);
    const r = await submit(event, broken.length === 0 && !badLink, () => reset(token, value));
    if (!r) return;
    if (r.ok) return onDone();
    const tokenError = r.error.fieldError('token');
    if (tokenError) {
      // The server says which: used, expired or unknown.
      setBadLink(tokenError);
      return;
    }
    const fields = [r.error.fieldError('password'), r.error.fieldError('password_confirmation')].filter(Boolean);
    setError(fields.length > 0 ? fields.join(' ') : r.error.message);
  };

  return (
    <AuthPage
      mark={false}
      title="Set a new password"
      subtitle="4 to 30 characters. Every other signed-in device will be signed out."
      footer={<AuthLink to={paths.login}>Back to sign in</AuthLink>}
    >
      {badLink && <AskAgain>{badLink}</AskAgain>}
      {!badLink && (
        <form className={s.form} onSubmit={onSubmit} noValidate aria-label="Set a new password">
          <PasswordField
            fresh
            label="New password"
            name="password"
            value={value.password}
            onChange={(e) => change('password', e.target.value)}
            aria-invalid={shown.length > 0 || undefined}
            aria-describedby={shown.length > 0 ? rulesId : undefined}
          />
          <PasswordField
            fresh
            label="Confirm new password"
            name="password_confirmation"
            value={value.confirmation}
            onChange={(e) => change('confirmation', e.target.value)}
            aria-invalid={shown.includes('The passwords do not match') || undefined}
            aria-describedby={shown.length > 0 ? rulesId : undefined}
          />
          {shown.length > 0 && (
            <div id={rulesId} role="alert">
              <ul className={s.rules} aria-label="What the password still needs">
                {shown.map((rule) => (
                  <li key={rule}>{rule}</li>
                ))}
              </ul>
            </div>
          )}
          {error && <Alert>{error}</Alert>}
          <Button type="submit" block loading={pending}>
            Set the new password
          </Button>
        </form>
      )}
    </AuthPage>
  );
}
