import { useState } from 'react';
import { Alert } from '@/components/ui/Alert.tsx';
import * as l from '@/components/ui/layout.css.ts';
import { Sheet } from '@/components/ui/Sheet.tsx';
import { SheetActions } from '@/components/ui/SheetActions.tsx';

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
    <Sheet
      title="Delete this post?"
      onClose={onClose}
      footer={<SheetActions label="Delete" variant="danger" busy={busy} onCancel={onClose} onConfirm={confirm} />}
    >
      <p className={l.muted}>
        It goes from every feed and profile, with its likes and comments. This cannot be undone.
      </p>
      {error && <Alert>Could not delete: {error}</Alert>}
    </Sheet>
  );
}
