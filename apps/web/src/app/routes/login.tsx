import { useAtomValue, useSetAtom } from 'jotai';
import type { FormEvent } from 'react';
import { useLocation } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import * as s from '../../components/ui/AuthPage.css.ts';
import { AuthLink, AuthPage, UniversityField } from '../../components/ui/AuthPage.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { EmailField, PasswordField } from '../../components/ui/TextField.tsx';
import { paths } from '../../config/paths.ts';
import { emptyLogin, type LoginValues, loginRules } from '../../features/auth/login-form.ts';
import { dismissSessionNoticeAtom, sessionNoticeAtom, signInAtom } from '../../lib/auth.ts';
import { fieldErrorsFrom } from '../../lib/forms/server-errors.ts';
import { useForm } from '../../lib/forms/use-form.ts';
import { useSubmit } from '../../lib/forms/use-submit.ts';

export default function LoginScreen() {
  const form = useForm<LoginValues>(loginRules, emptyLogin);
  const signIn = useSetAtom(signInAtom);
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  // A session that ended by itself (expired, revoked) says so.
  const sessionNotice = useAtomValue(sessionNoticeAtom);
  const dismissSessionNotice = useSetAtom(dismissSessionNoticeAtom);
  const { pending, error, setError, submit } = useSubmit();

  const onSubmit = async (event: FormEvent) => {
    const result = await submit(event, form.trySubmit(), () => signIn(form.values));
    if (!result) return;
    // Signed in: the route guard leaves this screen (back where an ended session was, or the profile).
    if (result.ok) return dismissSessionNotice();
    // The typed input stays; the message says what went wrong (wrong credentials, server down, ...).
    setError(result.error.message);
    form.setServerErrors(fieldErrorsFrom(result.error, { uniName: 'uniName', email: 'email', password: 'password' }));
  };

  return (
    <AuthPage
      title="Sign in"
      subtitle="Welcome back to your cohort."
      footer={
        <>
          New to Cohort? <AuthLink to={paths.signup}>Create an account</AuthLink>
        </>
      }
    >
      {notice && <Alert tone="success">{notice}</Alert>}
      {sessionNotice && <Alert tone="info">{sessionNotice}</Alert>}
      <form className={s.form} onSubmit={onSubmit} noValidate aria-label="Sign in">
        <UniversityField {...form.field('uniName')} />
        <EmailField {...form.field('email')} />
        <PasswordField {...form.field('password')} />
        {error && <Alert>{error}</Alert>}
        <Button type="submit" block loading={pending}>
          {pending ? 'Signing in…' : 'Sign in'}
        </Button>
        <p className={s.switchLine}>
          <AuthLink to={paths.forgotPassword}>Forgot password?</AuthLink>
        </p>
      </form>
    </AuthPage>
  );
}
