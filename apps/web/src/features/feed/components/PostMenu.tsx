import { useState } from 'react';
import { ActionSheet } from '@/components/ui/ActionSheet.tsx';
import { Alert } from '@/components/ui/Alert.tsx';
import * as l from '@/components/ui/layout.css.ts';

/** Delete my post, after asking; the list loses it once the server has. */
export function DeletePostSheet({
  onDelete,
  onClose,
}: {
  onDelete: () => Promise<string | null>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    const failed = await onDelete();
    setBusy(false);
    if (failed) setError(failed);
    else onClose();
  };
  return (
    <ActionSheet
      title="Delete this post?"
      onClose={onClose}
      label="Delete"
      variant="danger"
      busy={busy}
      onConfirm={confirm}
    >
      <p className={l.muted}>
        It goes from every feed and profile, with its likes and comments. This cannot be undone.
      </p>
      {error && <Alert>Could not delete: {error}</Alert>}
    </ActionSheet>
  );
}
