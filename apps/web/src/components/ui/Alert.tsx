import type { ReactNode } from 'react';
import * as s from './Alert.css.ts';

/** An inline message; errors are announced at once (role=alert), others politely. */
export function Alert({
  tone = 'error',
  children,
  action,
}: {
  tone?: keyof typeof s.tone;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className={s.tone[tone]} role={tone === 'error' ? 'alert' : 'status'}>
      <span>{children}</span>
      {action}
    </div>
  );
}
