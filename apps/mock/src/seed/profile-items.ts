import type { Faker } from '@faker-js/faker';
import { CLUBS, COMPANIES, DIRECTIONS, INTERESTS, MAJORS, POSITIONS, UNIVERSITIES } from '../lib/catalog.ts';
import type { ProfileCollection, ProfileItems } from '../store/item-source.ts';
import type { State, StoredUser } from '../store/types.ts';
import { drawsOf, recentTime, seededId, someOf } from './draws.ts';
import { createDegree } from './factories.ts';
import { isoTime } from './iso-time.ts';

/** Where the seed puts each profile item it makes (`SeedOptions.profileItems`). */
export type ProfileItemSink = <K extends ProfileCollection>(collection: K, item: ProfileItems[K]) => void;

/** The default sink: the state's own lists (`notes`, `clubs`, ...). */
export function intoLists(state: State): ProfileItemSink {
  return (collection, item) => {
    (state[`${collection}s`] as unknown[]).push(item);
  };
}

/** A seeded user's notes, clubs, interests, directions and education (the demo account gets the most of each). */
export function addProfileItems(
  f: Faker,
  state: State,
  user: StoredUser,
  demo: boolean,
  refDate: Date,
  put: ProfileItemSink = intoLists(state),
): void {
  const next = state.next_id;
  const draw = drawsOf(f);
  const count = (min: number, max: number) => (demo ? max : draw.int(min, max));
  for (let i = count(0, 3); i > 0; i--) {
    const date = isoTime(recentTime(f, 120, refDate)).slice(0, 10);
    put('note', {
      id: next.note++,
      user_id: user.id,
      title:
        draw.pick(['Coffee chat', 'Follow up', 'Interview prep', 'Idea', 'Reading', 'Call notes']) +
        ` with ${draw.firstName()}`,
      // Each line is made (drawing its slot) before one is picked, as faker's arrayElement of them did.
      note: draw.pick([
        `Talk about ${draw.pick(DIRECTIONS).toLowerCase()} roles next week.`,
        `Send the deck before ${draw.weekday()}.`,
        `Ask about the ${draw.pick(CLUBS)} trek.`,
        `Read the ${draw.pick(COMPANIES)} case before class.`,
      ]),
      date,
    });
  }
  for (const club of someOf(f, CLUBS, count(0, 3))) {
    put('club', {
      id: next.club++,
      user_id: user.id,
      name: club,
      position: draw.weighted([
        { weight: 6, value: 'Member' },
        { weight: 1, value: draw.pick(POSITIONS) },
      ]),
    });
  }
  for (const name of someOf(f, INTERESTS, count(1, 5))) {
    put('interest', { id: next.interest++, user_id: user.id, name, prefixed_id: seededId('int', f) });
  }
  for (const name of someOf(f, DIRECTIONS, count(0, 2))) {
    put('direction', {
      id: next.direction++,
      user_id: user.id,
      name,
      position: draw.chance(0.5) ? draw.pick(['Analyst', 'Associate', 'Partner', 'Founder', 'Intern']) : null,
    });
  }
  const gradYear = user.graduation_year ?? refDate.getUTCFullYear();
  put('experience', {
    id: next.experience++,
    user_id: user.id,
    university_id: user.university_id ?? 1,
    concern: user.major ?? draw.pick(MAJORS),
    degree: demo ? 'MBA' : createDegree(f),
    year: gradYear,
  });
  if (demo || draw.chance(0.4)) {
    put('experience', {
      id: next.experience++,
      user_id: user.id,
      university_id: draw.int(1, UNIVERSITIES.length),
      concern: draw.pick(MAJORS),
      degree: draw.pick(['BA', 'BS', 'AB']),
      year: gradYear - draw.int(4, 8),
    });
  }
}
