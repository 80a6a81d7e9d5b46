import type { Schemas } from '@cohort/api';
import { useSetAtom } from 'jotai';
import { useCallback, useState } from 'react';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button } from '@/components/ui/Button.tsx';
import { LoadState } from '@/components/ui/LoadState.tsx';
import * as l from '@/components/ui/layout.css.ts';
import { Picker } from '@/components/ui/picker/Picker.tsx';
import type { PickerOutcome } from '@/components/ui/picker/picker-rules.ts';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import { experiences, useAddProfileItem, useProfileList } from '../../api/profile-items.ts';
import { usePickerSave } from '../../hooks/use-picker-save.ts';
import { type ListSpec, useResourceLists } from '../../hooks/use-resource-lists.ts';
import { ResumeSection } from './ResumeSection.tsx';
import * as s from './tabs.css.ts';

const EXPERIENCE_LISTS: readonly ListSpec[] = [
  { type: 'university', kind: 'University', label: 'University' },
  { type: 'major', kind: 'Major', label: 'Major/Concentration' },
  { type: 'graduation', kind: 'Graduation', label: 'Graduation Year' },
  { type: 'degree', kind: 'Degree', label: 'Degree' },
];

type PendingExperience = Extract<PickerOutcome, { kind: 'experience' }>;

export function ExperienceTab({
  owner,
  own,
  resume,
}: {
  owner: string;
  own: boolean;
  /** The profile's résumé (User/PublicUser `resume`). */
  resume: Schemas['Resume'] | null | undefined;
}) {
  const { state, reload } = useProfileList(experiences, owner, own);
  const addExperience = useAddProfileItem(experiences);
  const toast = useSetAtom(showToastAtom);
  const pickable = useResourceLists(EXPERIENCE_LISTS);
  // Spec: the picker hands the experience to the caller; 'Save My Experience' sends it.
  const [pending, setPending] = useState<PendingExperience | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onExperience = useCallback((outcome: PendingExperience) => {
    setPending(outcome);
    setError(null);
  }, []);
  const pickerSave = usePickerSave(onExperience);

  const save = async () => {
    if (!pending) return;
    setSaving(true);
    setError(null);
    const result = await addExperience({
      uni_name: pending.university,
      concern: pending.major,
      year: Number(pending.graduation),
      degree: pending.degree,
    });
    setSaving(false);
    if (!result.ok) return setError(`Your experience was not saved: ${result.error.message}`);
    setPending(null);
    toast({ tone: 'success', text: 'Experience saved.' });
  };

  return (
    <div className={s.tab}>
      <h3 className={s.heading}>Education</h3>
      <LoadState state={state} what="education" empty="No education added yet." onRetry={reload}>
        {(items) => (
          <ul className={l.list} aria-label="Education">
            {items.map((exp) => (
              <li key={exp.id} className={s.item}>
                <div className={s.itemBody}>
                  <span className={s.itemTitle} dir="auto">
                    {exp.university.name}
                  </span>
                  <span className={s.itemText} dir="auto">
                    {[exp.degree, exp.concern].filter(Boolean).join(', ')}
                  </span>
                  <span className={s.itemMeta}>Class of {exp.year}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </LoadState>
      {own && (
        <>
          <Picker buttonLabel="Edit" title="Edit My Education" {...pickable} onDone={pickerSave} />
          {pending && (
            <p className={s.pending}>
              <strong>To save:</strong> {pending.university} · {pending.degree}, {pending.major} · {pending.graduation}
            </p>
          )}
          {error && <Alert>{error}</Alert>}
          <Button block onClick={save} disabled={!pending} loading={saving}>
            Save My Experience
          </Button>
        </>
      )}
      <h3 className={s.heading}>Professional</h3>
      <p className={l.muted}>{own ? 'No professional experience added yet.' : 'None listed.'}</p>
      <h3 className={s.heading}>Other Experience</h3>
      <p className={l.muted}>{own ? 'Nothing added yet.' : 'None listed.'}</p>
      <h3 className={s.heading}>Industry Tags</h3>
      <p className={l.muted}>{own ? 'No industry tags yet.' : 'None listed.'}</p>
      <ResumeSection resume={resume} own={own} />
    </div>
  );
}
