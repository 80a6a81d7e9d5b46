import type { Schemas } from '@cohort/api';

export type EventInput = Schemas['CalendarEventInput'];
export const EVENT_COLOURS = ['blue', 'green', 'red', 'orange', 'purple', 'grey'] as const;
export type EventColour = (typeof EVENT_COLOURS)[number];
/** Reminder choices in minutes before the start; 30 is the default. */
export const REMINDERS = [
  { minutes: 0, label: 'At the start' },
  { minutes: 5, label: '5 minutes before' },
  { minutes: 10, label: '10 minutes before' },
  { minutes: 15, label: '15 minutes before' },
  { minutes: 30, label: '30 minutes before' },
  { minutes: 60, label: '1 hour before' },
  { minutes: 1440, label: '1 day before' },
] as const;
export const DEFAULT_REMINDER = 30;

export interface EventForm {
  title: string;
  allDay: boolean;
  /** `datetime-local` values (`2026-11-26T18:00`), or dates (`2026-11-26`) when all-day. */
  start: string;
  end: string;
  people: string[];
  video: boolean;
  location: string;
  reminder: number;
  colour: EventColour;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const localDateTime = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** A new event: the message's text as title, the next full hour for one hour, reminder 30 minutes before. */
export function newEventForm(title: string, now: Date = new Date()): EventForm {
  const start = new Date(now);
  start.setMinutes(0, 0, 0);
  start.setHours(start.getHours() + 1);
  const end = new Date(start.getTime() + 3600e3);
  return {
    title: title.slice(0, 200),
    allDay: false,
    start: localDateTime(start),
    end: localDateTime(end),
    people: [],
    video: false,
    location: '',
    reminder: DEFAULT_REMINDER,
    colour: 'blue',
  };
}

/** Switching all-day keeps the day and drops (or restores) the time. */
export function withAllDay(form: EventForm, allDay: boolean): EventForm {
  if (allDay === form.allDay) return form;
  return allDay
    ? { ...form, allDay, start: form.start.slice(0, 10), end: form.end.slice(0, 10) }
    : { ...form, allDay, start: `${form.start.slice(0, 10)}T09:00`, end: `${form.end.slice(0, 10)}T10:00` };
}

function toIso(value: string, allDay: boolean, endOfDay: boolean): string | null {
  const text = allDay ? `${value.slice(0, 10)}T${endOfDay ? '23:59' : '00:00'}` : value;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export type EventErrors = Partial<Record<'title' | 'start' | 'end' | 'location', string>>;

export function validateEvent(form: EventForm): EventErrors {
  const errors: EventErrors = {};
  if (!form.title.trim()) errors.title = 'Title is required';
  else if (form.title.length > 200) errors.title = 'Title must be at most 200 characters';
  const start = toIso(form.start, form.allDay, false);
  const end = toIso(form.end, form.allDay, true);
  if (!start) errors.start = 'Start is required';
  if (!end) errors.end = 'End is required';
  if (start && end && end < start) errors.end = 'End must not be before the start';
  if (form.location.length > 200) errors.location = 'Location must be at most 200 characters';
  return errors;
}

export function toEventInput(form: EventForm, messageId: string | null): EventInput {
  return {
    title: form.title.trim(),
    all_day: form.allDay,
    start: toIso(form.start, form.allDay, false) ?? '',
    end: toIso(form.end, form.allDay, true) ?? '',
    people: form.people,
    video: form.video,
    ...(form.location.trim() ? { location: form.location.trim() } : {}),
    reminder_minutes: form.reminder,
    color: form.colour,
    message_id: messageId,
  };
}
