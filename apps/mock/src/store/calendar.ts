import type { components } from '@cohort/api';
import { byCodeUnits } from '../lib/compare.ts';
import { HttpError } from '../lib/http-error.ts';
import type { Accounts } from './accounts.ts';
import type { Chat } from './chat.ts';
import { listCollection } from './collection.ts';
import type { StoreCore } from './core.ts';
import { contractRecord, str } from './row-schema.ts';
import type { CalendarEvent, StoredEvent } from './types.ts';

export type CalendarEventInput = components['schemas']['CalendarEventInput'];

/** Each user's calendar events (kept with the chat part of the state). */
export const EVENTS = listCollection({
  name: 'event',
  place: { part: 'chat', field: 'events' },
  item: (doc) => contractRecord(doc, 'CalendarEvent', { required: { user_id: str } }),
  read: (areas: { readonly calendar: Calendar }, key) => areas.calendar.all().find((item) => String(item.id) === key),
});

/** Each user's calendar (the Forward drawer's Calendar tab, the profile's Calendar). */
export class Calendar {
  constructor(
    private readonly core: StoreCore,
    private readonly areas: { readonly accounts: Accounts; readonly chat: Chat },
    private readonly events: StoredEvent[],
  ) {}

  all(): StoredEvent[] {
    return this.events;
  }

  /** A deleted account's events go. */
  forgetUser(userId: string): void {
    for (let i = this.events.length - 1; i >= 0; i--) {
      const event = this.events[i];
      if (event?.user_id !== userId) continue;
      this.core.touch(EVENTS, String(event.id));
      this.events.splice(i, 1);
    }
  }

  list(userId: string): CalendarEvent[] {
    return this.events
      .filter((e) => e.user_id === userId)
      .sort((a, b) => byCodeUnits(a.start, b.start) || a.id - b.id)
      .map(({ user_id: _user, ...event }) => event);
  }

  create(userId: string, input: CalendarEventInput): CalendarEvent {
    const errors: Record<string, string[]> = {};
    if (Date.parse(input.end) < Date.parse(input.start)) errors.end = ['must not be before start'];
    (input.people ?? []).forEach((id, i) => {
      if (!this.areas.accounts.find(id)) errors[`people.${i}`] = [`No user with id ${id}.`];
    });
    if (input.message_id && !this.areas.chat.canSeeMessage(userId, input.message_id)) {
      errors.message_id = [`No message with id ${input.message_id}.`];
    }
    if (Object.keys(errors).length > 0) throw HttpError.invalid(errors);
    const event: StoredEvent = {
      id: this.core.nextId('event'),
      user_id: userId,
      title: input.title,
      all_day: input.all_day,
      start: new Date(input.start).toISOString(),
      end: new Date(input.end).toISOString(),
      people: input.people ?? [],
      video: input.video ?? false,
      location: input.location ?? null,
      reminder_minutes: input.reminder_minutes ?? 30,
      color: input.color ?? 'blue',
      message_id: input.message_id ?? null,
      created_at: this.core.now().toISOString(),
    };
    this.core.touch(EVENTS, String(event.id));
    this.events.push(event);
    const { user_id: _user, ...out } = event;
    return out;
  }
}
