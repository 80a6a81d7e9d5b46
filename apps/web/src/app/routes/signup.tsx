import type { ResourceItem } from '@cohort/api';
import { useSetAtom } from 'jotai';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import * as s from '../../components/ui/AuthPage.css.ts';
import { AuthLink, AuthPage, UniversityField } from '../../components/ui/AuthPage.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { EmailField, PasswordField, SelectField } from '../../components/ui/TextField.tsx';
import { paths } from '../../config/paths.ts';
import { emptySignup, type SignupValues, signupRules } from '../../features/auth/signup-form.ts';
import { registerAtom } from '../../lib/auth.ts';
import { fieldErrorsFrom } from '../../lib/forms/server-errors.ts';
import { useForm } from '../../lib/forms/use-form.ts';
import { useSubmit } from '../../lib/forms/use-submit.ts';
import { useResource } from '../../lib/resources.ts';

/** The API lists years oldest first; a student picks a recent one, so show the newest first. */
function newestFirst(items: readonly ResourceItem[] | undefined): ResourceItem[] {
  return [...(items ?? [])].sort((a, b) => Number(b.name) - Number(a.name));
}

export const REGISTERED_NOTICE = 'Your account is ready. Sign in with your university, e-mail and password.';

export default function SignupScreen() {
  const form = useForm<SignupValues>(signupRules, emptySignup);
  const register = useSetAtom(registerAtom);
  const years = useResource('Graduation');
  const navigate = useNavigate();
  const { pending, error, setError, submit } = useSubmit();

  const onSubmit = async (event: FormEvent) => {
    const { universityName, email, password, graduationYear } = form.values;
    const result = await submit(event, form.trySubmit(), () =>
      register({
        university_name: universityName.trim(),
        email: email.trim(),
        password,
        graduation_year: Number(graduationYear),
      }),
    );
    if (!result) return;
    if (result.ok) {
      navigate(paths.login, { state: { notice: REGISTERED_NOTICE } });
      return;
    }
    setError(result.error.message);
    form.setServerErrors(
      fieldErrorsFrom(result.error, {
        university_name: 'universityName',
        email: 'email',
        password: 'password',
        graduation_year: 'graduationYear',
      }),
    );
  };

  const yearsLoading = !years || years.status === 'loading' || years.status === 'idle';
  return (
    <AuthPage
      title="Create your account"
      subtitle="Join the people you study with."
      footer={
        <>
          Already have an account? <AuthLink to={paths.login}>Sign in</AuthLink>
        </>
      }
    >
      <form className={s.form} onSubmit={onSubmit} noValidate aria-label="Create account">
        <UniversityField {...form.field('universityName')} />
        <EmailField {...form.field('email')} />
        <SelectField
          label="Graduation Year"
          {...form.field('graduationYear')}
          hint={yearsLoading ? 'Loading years…' : undefined}
        >
          <option value="">Select a year</option>
          {newestFirst(years?.data).map((year) => (
            <option key={year.id} value={year.name}>
              {year.name}
            </option>
          ))}
        </SelectField>
        {years?.status === 'error' && (
          <Alert onRetry={years.reload}>Could not load the graduation years: {years.error?.message}</Alert>
        )}
        <PasswordField fresh {...form.field('password')} />
        <PasswordField fresh label="Confirm Password" {...form.field('confirmPassword')} />
        {error && <Alert>{error}</Alert>}
        <Button type="submit" block loading={pending}>
          {pending ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
    </AuthPage>
  );
}
