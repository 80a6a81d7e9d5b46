import type { Schemas } from '@cohort/api';
import { useId } from 'react';
import * as cs from './rows.css.ts';
import { TextArea } from './TextField.tsx';

type ReportInput = Schemas['ReportInput'];

/** What a report sheet holds while it is filled in: a reason and free details. */
export interface ReportDraft {
  reason: ReportInput['reason'];
  details: string;
}

export const NEW_REPORT: ReportDraft = { reason: 'spam', details: '' };

const REASONS: { value: ReportInput['reason']; label: string }[] = [
  { value: 'spam', label: 'Spam' },
  { value: 'harassment', label: 'Harassment' },
  { value: 'inappropriate', label: 'Inappropriate' },
  { value: 'other', label: 'Something else' },
];

/** The request body of a draft: details trimmed, and left out when empty. */
export function reportBody(draft: ReportDraft): ReportInput {
  const details = draft.details.trim();
  return { reason: draft.reason, ...(details ? { details } : {}) };
}

/** The reason (radio buttons) and the optional details of any report sheet (a message, a post). */
export function ReportFields({ draft, onChange }: { draft: ReportDraft; onChange: (draft: ReportDraft) => void }) {
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
