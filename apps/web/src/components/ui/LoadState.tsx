import type { ReactNode } from 'react';
import type { Loadable } from '../../lib/result.ts';
import { Alert } from './Alert.tsx';
import { Spinner } from './Button.tsx';
import * as l from './layout.css.ts';

/** Renders a server read: progress, a readable error with Retry, an empty state, or the data. */
export function LoadState<T>({
  state,
  what,
  empty,
  onRetry,
  children,
  inset = false,
}: {
  /** The data draws edge to edge (a list of rows): progress, errors and the empty text get the page's side margins. */
  inset?: boolean;
  state: Loadable<T[]>;
  what: string;
  empty: ReactNode;
  onRetry: () => void;
  children: (data: T[]) => ReactNode;
}) {
  const { data } = state;
  const status = (
    <>
      {state.status === 'error' && (
        <Alert onRetry={onRetry}>
          Could not load {what}: {state.error?.message}
        </Alert>
      )}
      {(state.status === 'loading' || state.status === 'idle') && !data && (
        <p className={l.muted}>
          <Spinner label={`Loading ${what}`} /> Loading {what}…
        </p>
      )}
      {data && data.length === 0 && <p className={l.muted}>{empty}</p>}
    </>
  );
  return (
    <>
      {inset ? <div className={l.inset}>{status}</div> : status}
      {data && data.length > 0 && children(data)}
    </>
  );
}
