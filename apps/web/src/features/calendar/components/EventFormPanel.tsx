import type { Friend, Message } from '@cohort/api';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button } from '@/components/ui/Button.tsx';
import { LoadState } from '@/components/ui/LoadState.tsx';
import { PeopleChecklist, toPerson } from '@/components/ui/PeopleChecklist.tsx';
import * as cs from '@/components/ui/rows.css.ts';
import { SearchInput } from '@/components/ui/SearchInput.tsx';
import { Switch } from '@/components/ui/Switch.tsx';
import { SelectField, TextField } from '@/components/ui/TextField.tsx';
import { useDraft } from '@/lib/drafts.ts';
import type { Loadable } from '@/lib/result.ts';
import { useCreateEvent } from '../api/events.ts';
import {
  EVENT_COLOURS,
  type EventForm,
  newEventForm,
  REMINDERS,
  toEventInput,
  validateEvent,
  withAllDay,
} from '../event-form.ts';

/**
 * Forward → Calendar: an event made from the message, saved through the events endpoint. What was
 * filled in is a draft per message until saved, so neither closing nor a session that ends loses it.
 */
export function EventFormPanel({
  message,
  friends,
  onRetryFriends,
  onSaved,
}: {
  message: Message;
  friends: Loadable<Friend[]>;
  onRetryFriends: () => void;
  onSaved: (title: string) => void;
}) {
  const createEvent = useCreateEvent();
  const id = useId();
  const [blank] = useState<EventForm>(() => newEventForm(message.message || 'New event'));
  const [form, setForm, clearForm] = useDraft(`event:${message.id}`, blank);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [peopleQuery, setPeopleQuery] = useState('');
  const errors = touched ? validateEvent(form) : {};
  const set = <K extends keyof EventForm>(key: K, value: EventForm[K]) => {
    setTouched(true);
    setForm((f) => ({ ...f, [key]: value }));
  };

  const save = async () => {
    setTouched(true);
    if (Object.keys(validateEvent(form)).length > 0) return;
    setSaving(true);
    setError(null);
    const result = await createEvent(toEventInput(form, message.id));
    setSaving(false);
    if (!result.ok) {
      const fields = Object.entries(result.error.fieldErrors)
        .map(([k, v]) => `${k}: ${v[0]}`)
        .join('; ');
      setError(`Could not save the event: ${result.error.message}${fields ? ` (${fields})` : ''}`);
      return;
    }
    clearForm();
    onSaved(result.value.title);
  };

  const inputType = form.allDay ? 'date' : 'datetime-local';
  return (
    <form
      className={cs.fieldset}
      style={{ gap: 16 }}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {error && <Alert>{error}</Alert>}
      <TextField label="Title" value={form.title} onChange={(e) => set('title', e.target.value)} error={errors.title} />
      <Switch flush label="All-day" checked={form.allDay} onChange={(v) => setForm((f) => withAllDay(f, v))} />
      <TextField
        label="Start"
        type={inputType}
        value={form.start}
        onChange={(e) => set('start', e.target.value)}
        error={errors.start}
      />
      <TextField
        label="End"
        type={inputType}
        value={form.end}
        onChange={(e) => set('end', e.target.value)}
        error={errors.end}
      />
      <fieldset className={cs.fieldset}>
        <legend className={cs.legend}>People</legend>
        <SearchInput
          label="Search people to invite"
          placeholder="Add people"
          value={peopleQuery}
          onChange={setPeopleQuery}
          flush
        />
        <div style={{ maxHeight: '12rem', overflowY: 'auto' }}>
          <LoadState state={friends} what="your contacts" empty="No contacts yet." onRetry={onRetryFriends}>
            {(list) => (
              <PeopleChecklist
                label="People to invite"
                people={list.map(toPerson)}
                chosen={new Set(form.people)}
                onToggle={(pid) =>
                  set(
                    'people',
                    form.people.includes(pid) ? form.people.filter((p) => p !== pid) : [...form.people, pid],
                  )
                }
                query={peopleQuery}
              />
            )}
          </LoadState>
        </div>
      </fieldset>
      <Switch flush label="Video conferencing" checked={form.video} onChange={(v) => set('video', v)} />
      <TextField
        label="Location"
        value={form.location}
        onChange={(e) => set('location', e.target.value)}
        error={errors.location}
      />
      <SelectField
        label="Reminder"
        value={String(form.reminder)}
        onChange={(e) => set('reminder', Number(e.target.value))}
      >
        {REMINDERS.map((r) => (
          <option key={r.minutes} value={r.minutes}>
            {r.label}
          </option>
        ))}
      </SelectField>
      <fieldset className={cs.fieldset}>
        <legend className={cs.legend}>Colour</legend>
        <div className={cs.choiceRow}>
          {EVENT_COLOURS.map((c) => (
            <label key={c} className={cs.tagOption} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
              <input type="radio" name={`${id}-colour`} checked={form.colour === c} onChange={() => set('colour', c)} />
              {c[0]?.toUpperCase()}
              {c.slice(1)}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" block loading={saving}>
        Save event
      </Button>
    </form>
  );
}
