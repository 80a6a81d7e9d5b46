import type { ReactNode } from 'react';
import * as s from './Alert.css.ts';
import { Button } from './Button.tsx';

/** An inline message; errors are announced at once (role=alert), others politely. */
export function Alert({
  tone = 'error',
  children,
  action,
  onRetry,
}: {
  tone?: keyof typeof s.tone;
  children: ReactNode;
  action?: ReactNode;
  /** Offers a Retry button that calls this (a load that failed). */
  onRetry?: () => unknown;
}) {
  return (
    <div className={s.tone[tone]} role={tone === 'error' ? 'alert' : 'status'}>
      <span>{children}</span>
      {action}
      {onRetry && (
        <Button small variant="secondary" onClick={() => void onRetry()}>
          Retry
        </Button>
      )}
    </div>
  );
}
