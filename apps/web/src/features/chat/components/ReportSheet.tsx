import type { Message, Schemas } from '@cohort/api';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import * as cs from '../../../components/ui/rows.css.ts';
import { Sheet } from '../../../components/ui/Sheet.tsx';
import { TextArea } from '../../../components/ui/TextField.tsx';
import { useMessageActions } from '../api/messages.ts';

type Reason = Schemas['ReportInput']['reason'];
const REASONS: { value: Reason; label: string }[] = [
  { value: 'spam', label: 'Spam' },
  { value: 'harassment', label: 'Harassment' },
  { value: 'inappropriate', label: 'Inappropriate' },
  { value: 'other', label: 'Something else' },
];

/** Report a message to the moderators: a reason and optional details. */
export function ReportSheet({
  message,
  onDone,
  onClose,
}: {
  message: Message;
  onDone: () => void;
  onClose: () => void;
}) {
  const { report } = useMessageActions();
  const id = useId();
  const [reason, setReason] = useState<Reason>('spam');
  const [details, setDetails] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    setError(null);
    const result = await report(message.id, { reason, ...(details.trim() ? { details: details.trim() } : {}) });
    setBusy(false);
    if (!result.ok) setError(`Could not report: ${result.error.message}`);
    else onDone();
  };
  return (
    <Sheet
      title="Report message"
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
