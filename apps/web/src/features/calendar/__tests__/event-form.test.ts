import { describe, expect, it } from 'vitest';
import { newEventForm, toEventInput, validateEvent, withAllDay } from '../event-form.ts';

const now = new Date(2026, 10, 22, 9, 41);

describe('event form', () => {
  it('starts at the next full hour for an hour, reminder 30 minutes before, title from the message', () => {
    expect(newEventForm('Demo night', now)).toMatchObject({
      title: 'Demo night',
      start: '2026-11-22T10:00',
      end: '2026-11-22T11:00',
      reminder: 30,
      allDay: false,
      colour: 'blue',
    });
  });

  it.each([
    ['a missing title', { title: ' ' }, { title: 'Title is required' }],
    ['an end before the start', { end: '2026-11-22T09:00' }, { end: 'End must not be before the start' }],
    ['an empty start', { start: '' }, { start: 'Start is required' }],
    ['a valid event', {}, {}],
  ])('validates %s', (_name, patch, want) => {
    expect(validateEvent({ ...newEventForm('Demo night', now), ...patch })).toEqual(want);
  });

  it('all-day keeps the day and spans it', () => {
    const form = withAllDay(newEventForm('Retreat', now), true);
    expect(form).toMatchObject({ allDay: true, start: '2026-11-22', end: '2026-11-22' });
    const input = toEventInput(form, 'msg_1000000000000000');
    expect(new Date(input.start).getHours()).toBe(0);
    expect(new Date(input.end).getHours()).toBe(23);
    expect(input).toMatchObject({
      all_day: true,
      message_id: 'msg_1000000000000000',
      reminder_minutes: 30,
      people: [],
      video: false,
    });
    expect(input).not.toHaveProperty('location');
  });
});
