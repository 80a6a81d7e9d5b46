import type { Message } from '@cohort/api';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button } from '@/components/ui/Button.tsx';
import { NEW_REPORT, ReportFields, reportBody } from '@/components/ui/ReportFields.tsx';
import { Sheet } from '@/components/ui/Sheet.tsx';
import { useMessageActions } from '../api/messages.ts';

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
  const [draft, setDraft] = useState(NEW_REPORT);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    setError(null);
    const result = await report(message.id, reportBody(draft));
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
      <ReportFields draft={draft} onChange={setDraft} />
    </Sheet>
  );
}
