import type { ApiError } from '@cohort/api';
import { Alert } from '@/components/ui/Alert.tsx';
import * as s from './list-header.css.ts';

export interface ListContext {
  loadingOlder: boolean;
  hasMore: boolean;
  empty: boolean;
  /** Why the last older page failed; Retry asks for that page again. */
  olderError: ApiError | null;
  onRetryOlder: () => void;
}

/** Above the oldest loaded message: loading, a failed older page with Retry, the start of the conversation, or an empty chat. */
export function ListHeader({ context }: { context?: ListContext | undefined }) {
  if (context?.olderError && !context.loadingOlder) {
    return (
      <div className={s.olderError}>
        <Alert onRetry={context.onRetryOlder}>Could not load older messages: {context.olderError.message}</Alert>
      </div>
    );
  }
  return (
    <p className={s.loadingOlder}>
      {context?.loadingOlder
        ? 'Loading older messages…'
        : context?.hasMore
          ? ' '
          : context?.empty
            ? 'No messages yet: say hello.'
            : 'The start of the conversation'}
    </p>
  );
}
