import { Alert } from '@/components/ui/Alert.tsx';
import { Spinner } from '@/components/ui/Button.tsx';
import * as l from '@/components/ui/layout.css.ts';

/** While a group's profile loads: progress, or why it failed with Retry. */
export function GroupLoadStatus({
  error,
  loading,
  onRetry,
}: {
  error: string | null;
  loading: boolean;
  onRetry: () => void;
}) {
  if (error) {
    return (
      <div className={l.section}>
        <Alert onRetry={onRetry}>Could not load the group: {error}</Alert>
      </div>
    );
  }
  if (!loading) return null;
  return (
    <p className={`${l.muted} ${l.section}`}>
      <Spinner label="Loading the group" /> Loading the group…
    </p>
  );
}
