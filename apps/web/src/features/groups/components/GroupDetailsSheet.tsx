import type { Channel, ResourceItem } from '@cohort/api';
import { useId, useMemo, useState } from 'react';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button } from '@/components/ui/Button.tsx';
import * as s from '@/components/ui/rows.css.ts';
import { SearchInput } from '@/components/ui/SearchInput.tsx';
import { Sheet } from '@/components/ui/Sheet.tsx';
import { Switch } from '@/components/ui/Switch.tsx';
import { SelectField, TextArea, TextField } from '@/components/ui/TextField.tsx';
import { matches } from '@/lib/format.ts';
import type { Loadable } from '@/lib/result.ts';
import {
  DESCRIPTION_MAX,
  emptyGroupForm,
  expiryYears,
  type GroupForm,
  type GroupFormErrors,
  validateGroupForm,
} from '../group-form.ts';

const MAX_TAGS = 20;

/**
 * New Group, step 2 (bottom sheet): name, subgroup, expiry, public/open, tags, description.
 * Send is the caller's; a failure comes back as `error`/`serverErrors` and the form stays as typed.
 */
export function GroupDetailsSheet({
  channels,
  tags,
  onCancel,
  onSend,
  sending,
  error,
  serverErrors,
}: {
  channels: readonly Channel[];
  tags: Loadable<ResourceItem[]> | undefined;
  onCancel: () => void;
  onSend: (form: GroupForm) => void;
  sending: boolean;
  error: string | null;
  serverErrors: GroupFormErrors;
}) {
  const id = useId();
  const [form, setForm] = useState<GroupForm>(() => emptyGroupForm());
  const [touched, setTouched] = useState(false);
  const [tagQuery, setTagQuery] = useState('');
  const errors = { ...serverErrors, ...validateGroupForm(form) };
  const shownErrors: GroupFormErrors = touched ? errors : { ...serverErrors, description: errors.description };
  const set = <K extends keyof GroupForm>(key: K, value: GroupForm[K]) => {
    setTouched(true);
    setForm((f) => ({ ...f, [key]: value }));
  };
  const tagItems = tags?.data ?? [];
  const shownTags = useMemo(() => tagItems.filter((t) => matches(t.name, tagQuery)), [tagItems, tagQuery]);
  const toggleTag = (tagId: number) =>
    set(
      'tags',
      form.tags.includes(tagId)
        ? form.tags.filter((t) => t !== tagId)
        : form.tags.length < MAX_TAGS
          ? [...form.tags, tagId]
          : form.tags,
    );

  const send = () => {
    setTouched(true);
    if (Object.keys(validateGroupForm(form)).length === 0) onSend(form);
  };

  return (
    <Sheet
      title="Group details"
      onClose={onCancel}
      headerAction={
        <div className={s.choiceRow}>
          <Button variant="ghost" small onClick={onCancel}>
            Cancel
          </Button>
          <Button small onClick={send} loading={sending}>
            Send
          </Button>
        </div>
      }
    >
      {error && <Alert>{error}</Alert>}
      <TextField
        label="Group Name"
        value={form.name}
        onChange={(e) => set('name', e.target.value)}
        error={shownErrors.name}
        maxLength={100}
        required
      />

      <fieldset className={s.fieldset}>
        <legend className={s.legend}>Is this a Subgroup?</legend>
        <div className={s.choiceRow}>
          {(['Yes', 'No'] as const).map((answer) => (
            <label
              key={answer}
              className={s.tagOption}
              style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
            >
              <input
                type="radio"
                name={`${id}-subgroup`}
                checked={form.isSubgroup === (answer === 'Yes')}
                onChange={() => set('isSubgroup', answer === 'Yes')}
              />
              {answer}
            </label>
          ))}
        </div>
      </fieldset>
      {form.isSubgroup && (
        <SelectField
          label="Subgroup Of"
          value={form.parentId}
          onChange={(e) => set('parentId', e.target.value)}
          error={shownErrors.parentId}
        >
          <option value="">Choose a group</option>
          {channels.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
      )}

      <Switch flush label="Expires" checked={form.expires} onChange={(v) => set('expires', v)} />
      {form.expires && (
        <SelectField
          label="Expiration year"
          value={String(form.expiresYear)}
          onChange={(e) => set('expiresYear', Number(e.target.value))}
        >
          {expiryYears().map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </SelectField>
      )}

      <div>
        <Switch flush label="Make Public" checked={form.isPublic} onChange={(v) => set('isPublic', v)} />
        <p className={s.muted}>If closed, anyone in the main group can see.</p>
      </div>
      <div>
        <Switch flush label="Make Open" checked={form.isOpen} onChange={(v) => set('isOpen', v)} />
        <p className={s.muted}>If closed, a request is required to join.</p>
      </div>

      <fieldset className={s.fieldset}>
        <legend className={s.legend}>Tags</legend>
        <SearchInput
          label="Search tags"
          placeholder="Google Tags (e.g. Entrepreneurship)"
          value={tagQuery}
          onChange={setTagQuery}
          flush
        />
        {tags?.status === 'error' && <Alert>Could not load tags: {tags.error?.message}</Alert>}
        {tags?.status === 'loading' && <p className={s.muted}>Loading tags…</p>}
        <fieldset className={s.scrollBox} aria-label="Tags">
          {shownTags.map((tag) => (
            <button
              key={tag.id}
              type="button"
              className={s.tagOption}
              aria-pressed={form.tags.includes(tag.id)}
              onClick={() => toggleTag(tag.id)}
            >
              {tag.name}
            </button>
          ))}
          {tags?.status === 'ready' && shownTags.length === 0 && <p className={s.muted}>Nothing found.</p>}
        </fieldset>
        {shownErrors.tags && <p className={s.muted}>{shownErrors.tags}</p>}
      </fieldset>

      <TextArea
        label="Group Description"
        value={form.description}
        onChange={(e) => set('description', e.target.value)}
        error={shownErrors.description}
        hint={`${form.description.length}/${DESCRIPTION_MAX}`}
        rows={4}
      />
      {shownErrors.users && <Alert>{shownErrors.users}</Alert>}
    </Sheet>
  );
}
