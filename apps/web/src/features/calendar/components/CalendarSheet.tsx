import type { Friend } from '@cohort/api';
import { useEffect } from 'react';
import { LoadState } from '@/components/ui/LoadState.tsx';
import { Sheet } from '@/components/ui/Sheet.tsx';
import { formatDate } from '@/lib/dates.ts';
import { personName } from '@/lib/format.ts';
import type { Loadable } from '@/lib/result.ts';
import { type CalendarEvent, useEvents } from '../api/events.ts';
import * as s from './CalendarSheet.css.ts';

const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'long', day: 'numeric' });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/** The events under the day each starts on, in the server's order (soonest first). */
export function byDay(events: readonly CalendarEvent[]): { day: string; events: CalendarEvent[] }[] {
  const days: { day: string; events: CalendarEvent[] }[] = [];
  for (const event of events) {
    const day = formatDate(event.start, dayFormat, 'Date unknown');
    const last = days.at(-1);
    if (last?.day === day) last.events.push(event);
    else days.push({ day, events: [event] });
  }
  return days;
}

/** The event's colour swatch: any other string the server sends (the contract allows 32 characters) is blue. */
export function colourClass(color: string): string {
  return Object.hasOwn(s.colour, color) ? s.colour[color as keyof typeof s.colour] : s.colour.blue;
}

function when(event: CalendarEvent): string {
  if (event.all_day) return 'All day';
  return `${formatDate(event.start, timeFormat, '?')} – ${formatDate(event.end, timeFormat, '?')}`;
}

/** The signed-in user's calendar (events saved from a chat's Forward → Calendar), soonest first. */
export function CalendarSheet({
  friends,
  onClose,
}: {
  /** The user's friends, to name the people invited (read once the sheet opens: `load`). */
  friends: Loadable<Friend[]> & { load: () => void };
  onClose: () => void;
}) {
  const loadFriends = friends.load;
  const { reload: load, ...events } = useEvents();
  useEffect(() => {
    if (friends.status === 'idle') loadFriends();
  }, [loadFriends, friends.status]);

  // Invited people by name where they are friends; the rest are counted.
  const nameOf = new Map((friends.data ?? []).map((f) => [f.id, personName(f)]));
  const people = (ids: string[]) => {
    if (ids.length === 0) return null;
    const named = ids.flatMap((id) => nameOf.get(id) ?? []);
    const others = ids.length - named.length;
    return `With ${[...named, ...(others > 0 ? [`${others} ${others === 1 ? 'other' : 'others'}`] : [])].join(', ')}`;
  };

  return (
    <Sheet title="Calendar" onClose={onClose} closeLabel="Close">
      <LoadState
        state={events}
        what="your calendar"
        empty="No events yet. Add one from a chat: a message's Forward, then Calendar."
        onRetry={() => void load()}
      >
        {(list) =>
          byDay(list).map(({ day, events: onDay }) => (
            <section key={day} aria-label={day}>
              <h3 className={s.day}>{day}</h3>
              <ul className={s.events}>
                {onDay.map((event) => (
                  <li key={event.id} className={s.event}>
                    <span className={colourClass(event.color)} aria-hidden="true" />
                    <div className={s.body}>
                      <span className={s.title} dir="auto">
                        {event.title || 'Untitled event'}
                      </span>
                      <span className={s.meta}>
                        {when(event)}
                        {event.video ? ' · Video call' : ''}
                      </span>
                      {event.location && (
                        <span className={s.meta} dir="auto">
                          {event.location}
                        </span>
                      )}
                      {people(event.people) && <span className={s.meta}>{people(event.people)}</span>}
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ))
        }
      </LoadState>
    </Sheet>
  );
}
