import type { ReactNode } from 'react';
import { Link } from 'react-router';
import * as s from './AuthPage.css.ts';
import { type FieldProps, TextField } from './TextField.tsx';

/**
 * The signed-out screens' frame (sign-in, sign-up, a forgotten password): the mark (`mark`), a title and
 * a line under it, the form, and a line with a link.
 */
export function AuthPage({
  title,
  subtitle,
  children,
  footer,
  mark = true,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
  mark?: boolean;
}) {
  return (
    <div className={s.page}>
      <div className={s.brand}>
        {mark && (
          <div className={s.logo} aria-hidden="true">
            C
          </div>
        )}
        <h1 className={s.title}>{title}</h1>
        <p className={s.subtitle}>{subtitle}</p>
      </div>
      {children}
      <p className={s.switchLine}>{footer}</p>
    </div>
  );
}

/** A link in the line under a signed-out form ("Forgot password?", "Sign in"). */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link className={s.link} to={to}>
      {children}
    </Link>
  );
}

/** The university a student signs in at (its name, as typed). */
export function UniversityField(props: FieldProps) {
  return <TextField label="University Name" autoComplete="organization" {...props} />;
}
