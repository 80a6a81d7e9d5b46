import type { Schemas } from '@cohort/api';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import * as l from '../../../components/ui/layout.css.ts';
import * as cs from '../../../components/ui/rows.css.ts';
import { Sheet } from '../../../components/ui/Sheet.tsx';
import { TextArea } from '../../../components/ui/TextField.tsx';
import type { Post } from '../post-cache.ts';

type Reason = Schemas['ReportInput']['reason'];
const REASONS: { value: Reason; label: string }[] = [
  { value: 'spam', label: 'Spam' },
  { value: 'harassment', label: 'Harassment' },
  { value: 'inappropriate', label: 'Inappropriate' },
  { value: 'other', label: 'Something else' },
];

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
  const id = useId();
  const [reason, setReason] = useState<Reason>('spam');
  const [details, setDetails] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    setError(null);
    const failed = await onReport({ reason, ...(details.trim() ? { details: details.trim() } : {}) });
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
      <fieldset className={cs.fieldset}>
        <legend className={cs.legend}>Why are you reporting it?</legend>
        {REASONS.map((r) => (
          <label key={r.value} style={{ display: 'flex', gap: 8, alignItems: 'center', minHeight: 36 }}>
            <input
              type="radio"
              name={`${id}-reason`}
              checked={reason === r.value}
              onChange={() => setReason(r.value)}
            />
            {r.label}
          </label>
        ))}
      </fieldset>
      <TextArea
        label="Details (optional)"
        value={details}
        onChange={(e) => setDetails(e.target.value)}
        maxLength={1000}
        rows={3}
      />
    </Sheet>
  );
}
