import type { Schemas } from '@cohort/api';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button } from '@/components/ui/Button.tsx';
import * as l from '@/components/ui/layout.css.ts';
import { NEW_REPORT, ReportFields, reportBody } from '@/components/ui/ReportFields.tsx';
import { Sheet } from '@/components/ui/Sheet.tsx';
import type { Post } from '../post-cache.ts';

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
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void confirm()} loading={busy}>
            Delete
          </Button>
        </>
      }
    >
      <p className={l.muted}>
        It goes from every feed and profile, with its likes and comments. This cannot be undone.
      </p>
      {error && <Alert>Could not delete: {error}</Alert>}
    </Sheet>
  );
}

/** Report a post to the moderators: a reason and optional details. */
export function ReportPostSheet({
  post,
  onReport,
  onClose,
}: {
  post: Post;
  onReport: (body: Schemas['ReportInput']) => Promise<string | null>;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(NEW_REPORT);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    setError(null);
    const failed = await onReport(reportBody(draft));
    setBusy(false);
    if (failed) setError(`Could not report: ${failed}`);
    else onClose();
  };
  return (
    <Sheet
      title="Report post"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void send()} loading={busy}>
            Report
          </Button>
        </>
      }
    >
      {error && <Alert>{error}</Alert>}
      <p className={l.muted} dir="auto">
        {post.text.slice(0, 140) || 'A post with photos'}
      </p>
      <ReportFields draft={draft} onChange={setDraft} />
    </Sheet>
  );
}
