import type { Schemas } from '@cohort/api';
import { type ReactNode, useId, useState } from 'react';
import { ActionSheet } from './ActionSheet.tsx';
import { Alert } from './Alert.tsx';
import * as cs from './rows.css.ts';
import { TextArea } from './TextField.tsx';

type ReportInput = Schemas['ReportInput'];

/** What a report sheet holds while it is filled in: a reason and free details. */
interface ReportDraft {
  reason: ReportInput['reason'];
  details: string;
}

const NEW_REPORT: ReportDraft = { reason: 'spam', details: '' };

const REASONS: { value: ReportInput['reason']; label: string }[] = [
  { value: 'spam', label: 'Spam' },
  { value: 'harassment', label: 'Harassment' },
  { value: 'inappropriate', label: 'Inappropriate' },
  { value: 'other', label: 'Something else' },
];

/** The request body of a draft: details trimmed, and left out when empty. */
function reportBody(draft: ReportDraft): ReportInput {
  const details = draft.details.trim();
  return { reason: draft.reason, ...(details ? { details } : {}) };
}

/**
 * Report something (a message, a post) to the moderators: a reason and optional details. `onReport`
 * sends it and resolves to the server's complaint, or null once it is taken; then `onDone` runs.
 */
export function ReportSheet({
  title,
  about,
  onReport,
  onDone,
  onClose,
}: {
  title: string;
  /** What is reported, shown above the reasons. */
  about?: ReactNode;
  onReport: (body: ReportInput) => Promise<string | null>;
  onDone: () => void;
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
    else onDone();
  };
  return (
    <ActionSheet title={title} onClose={onClose} label="Report" variant="danger" busy={busy} onConfirm={send}>
      {error && <Alert>{error}</Alert>}
      {about}
      <ReportFields draft={draft} onChange={setDraft} />
    </ActionSheet>
  );
}

function ReportFields({ draft, onChange }: { draft: ReportDraft; onChange: (draft: ReportDraft) => void }) {
  const id = useId();
  return (
    <>
      <fieldset className={cs.fieldset}>
        <legend className={cs.legend}>Why are you reporting it?</legend>
        {REASONS.map((r) => (
          <label key={r.value} style={{ display: 'flex', gap: 8, alignItems: 'center', minHeight: 36 }}>
            <input
              type="radio"
              name={`${id}-reason`}
              checked={draft.reason === r.value}
              onChange={() => onChange({ ...draft, reason: r.value })}
            />
            {r.label}
          </label>
        ))}
      </fieldset>
      <TextArea
        label="Details (optional)"
        value={draft.details}
        onChange={(e) => onChange({ ...draft, details: e.target.value })}
        maxLength={1000}
        rows={3}
      />
    </>
  );
}
