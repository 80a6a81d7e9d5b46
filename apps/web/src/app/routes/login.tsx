import { useAtomValue, useSetAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { paths } from '../../config/paths.ts';
import * as s from '../../features/auth/components/auth.css.ts';
import { emptyLogin, type LoginValues, loginRules } from '../../features/auth/login-form.ts';
import { dismissSessionNoticeAtom, sessionNoticeAtom, signInAtom } from '../../lib/auth.ts';
import { fieldErrorsFrom } from '../../lib/forms/server-errors.ts';
import { useForm } from '../../lib/forms/use-form.ts';

export default function LoginScreen() {
  const form = useForm<LoginValues>(loginRules, emptyLogin);
  const signIn = useSetAtom(signInAtom);
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  // A session that ended by itself (expired, revoked) says so.
  const sessionNotice = useAtomValue(sessionNoticeAtom);
  const dismissSessionNotice = useSetAtom(dismissSessionNoticeAtom);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!form.trySubmit()) return;
    setPending(true);
    const result = await signIn(form.values);
    setPending(false);
    // Signed in: the route guard leaves this screen (back where an ended session was, or the profile).
    if (result.ok) return dismissSessionNotice();
    // The typed input stays; the message says what went wrong (wrong credentials, server down, ...).
    setError(result.error.message);
    form.setServerErrors(fieldErrorsFrom(result.error, { uniName: 'uniName', email: 'email', password: 'password' }));
  };

  const { values, setValue, visibleError } = form;
  return (
    <div className={s.page}>
      <div className={s.brand}>
        <div className={s.logo} aria-hidden="true">
          C
        </div>
        <h1 className={s.title}>Sign in</h1>
        <p className={s.subtitle}>Welcome back to your cohort.</p>
      </div>
      {notice && <Alert tone="success">{notice}</Alert>}
      {sessionNotice && <Alert tone="info">{sessionNotice}</Alert>}
      <form className={s.form} onSubmit={onSubmit} noValidate aria-label="Sign in">
        <TextField
          label="University Name"
          name="uniName"
          autoComplete="organization"
          value={values.uniName}
          onChange={(e) => setValue('uniName', e.target.value)}
          error={visibleError('uniName')}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          onChange={(e) => setValue('email', e.target.value)}
          error={visibleError('email')}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => setValue('password', e.target.value)}
          error={visibleError('password')}
        />
        {error && <Alert>{error}</Alert>}
        <Button type="submit" block loading={pending}>
          {pending ? 'Signing in…' : 'Sign in'}
        </Button>
        <p className={s.switchLine}>
          <Link className={s.link} to={paths.forgotPassword}>
            Forgot password?
          </Link>
        </p>
      </form>
      <p className={s.switchLine}>
        New to Cohort?{' '}
        <Link className={s.link} to={paths.signup}>
          Create an account
        </Link>
      </p>
    </div>
  );
}
