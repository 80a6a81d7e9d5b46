import type { Faker } from '@faker-js/faker';
import { drawsOf, lastName } from './draws.ts';

// Chat lines with slots, so seeded conversations read like a real student group chat.
export const CHAT_LINES = [
  'Anyone going to the {club} mixer on {weekday}?',
  'Just shared the notes from today’s {major} class in the drive.',
  'Who’s up for coffee after the {weekday} session?',
  'Reminder: case prep meets at {time} in room {room}.',
  'Congrats {name} on the offer from {company}! 🎉',
  'Does anyone have a contact at {company}? Happy to buy you a coffee.',
  'Running late, save me a seat please.',
  'The speaker from {company} was fantastic today.',
  'Can we move the meeting to {time}?',
  'Thanks everyone, great turnout tonight!',
  'I’ll bring snacks for the study session.',
  'Posting the sign-up sheet for the {club} trek here.',
  'Has anyone taken {major} with Professor {lastName}? Worth it?',
  'Deadline for the {company} application is {weekday}.',
  'Who wants to split an Uber to the airport on {weekday}?',
  'Here are the slides from the {club} workshop.',
  'Welcome {name}! Glad to have you in the group.',
  'Quick poll: {time} or later for dinner?',
  'Great point, let’s add it to the agenda.',
  'Happy hour at {place} {weekday}, first round is on the club.',
  'Can someone share the Zoom link again?',
  'Our pitch got into the final round!',
  'I have two spare tickets for the game on {weekday}, DM me.',
  'Looking for a teammate for the {major} project, ping me.',
  'Agreed 👍',
  'Sounds good to me.',
  'Count me in!',
  'Thanks for organising, {name}.',
  'Reading list for next week is up.',
  'Office hours are moved to {time} this week.',
];

export const PLACES = ['The Oasis', 'Coupa Café', 'the Arbuckle lounge', 'Blue Bottle', 'the rooftop bar', 'Tresidder'];
export const TIMES = ['9am', '10:30am', 'noon', '2pm', '4:30pm', '6pm', '7pm'];

type Slots = { club: string; major: string; company: string; name: string };

/** Each line cut at its slots once: [text, slot, text, slot, …, text]. */
const PARTS = CHAT_LINES.map((line) => line.split(/\{(\w+)\}/));

export function chatLine(f: Faker, names: Slots): string {
  const draw = drawsOf(f);
  const parts = draw.pick(PARTS);
  // Slots are filled left to right, each drawn as it comes (as String.replace with a callback did).
  let line = parts[0] ?? '';
  for (let i = 1; i < parts.length; i += 2) {
    const slot = parts[i] as string;
    switch (slot) {
      case 'weekday':
        line += draw.weekday();
        break;
      case 'time':
        line += draw.pick(TIMES);
        break;
      case 'room':
        line += String(draw.int(100, 420));
        break;
      case 'lastName':
        line += lastName(f);
        break;
      case 'place':
        line += draw.pick(PLACES);
        break;
      default:
        line += names[slot as keyof Slots] ?? slot;
    }
    line += parts[i + 1] ?? '';
  }
  return line;
}
