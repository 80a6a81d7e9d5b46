import type { Faker } from '@faker-js/faker';
import { seededId } from '../ids.ts';
import type { ProfileCollection, ProfileItems } from '../store/item-source.ts';
import type { State, StoredUser } from '../store/types.ts';
import { CLUBS, COMPANIES, DIRECTIONS, INTERESTS, MAJORS, POSITIONS, UNIVERSITIES } from './catalog.ts';
import { recentDate, someOf } from './draws.ts';
import { createDegree } from './factories.ts';

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
  const count = (min: number, max: number) => (demo ? max : f.number.int({ min, max }));
  for (let i = count(0, 3); i > 0; i--) {
    const date = recentDate(f, 120, refDate).toISOString().slice(0, 10);
    put('note', {
      id: next.note++,
      user_id: user.id,
      title:
        f.helpers.arrayElement(['Coffee chat', 'Follow up', 'Interview prep', 'Idea', 'Reading', 'Call notes']) +
        ` with ${f.person.firstName()}`,
      note: f.helpers.arrayElement([
        `Talk about ${f.helpers.arrayElement(DIRECTIONS).toLowerCase()} roles next week.`,
        `Send the deck before ${f.date.weekday()}.`,
        `Ask about the ${f.helpers.arrayElement(CLUBS)} trek.`,
        `Read the ${f.helpers.arrayElement(COMPANIES)} case before class.`,
      ]),
      date,
    });
  }
  for (const club of someOf(f, CLUBS, count(0, 3))) {
    put('club', {
      id: next.club++,
      user_id: user.id,
      name: club,
      position: f.helpers.weightedArrayElement([
        { weight: 6, value: 'Member' },
        { weight: 1, value: f.helpers.arrayElement(POSITIONS) },
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
      position:
        f.helpers.maybe(() => f.helpers.arrayElement(['Analyst', 'Associate', 'Partner', 'Founder', 'Intern'])) ?? null,
    });
  }
  const gradYear = user.graduation_year ?? refDate.getUTCFullYear();
  put('experience', {
    id: next.experience++,
    user_id: user.id,
    university_id: user.university_id ?? 1,
    concern: user.major ?? f.helpers.arrayElement(MAJORS),
    degree: demo ? 'MBA' : createDegree(f),
    year: gradYear,
  });
  if (demo || f.datatype.boolean({ probability: 0.4 })) {
    put('experience', {
      id: next.experience++,
      user_id: user.id,
      university_id: f.number.int({ min: 1, max: UNIVERSITIES.length }),
      concern: f.helpers.arrayElement(MAJORS),
      degree: f.helpers.arrayElement(['BA', 'BS', 'AB']),
      year: gradYear - f.number.int({ min: 4, max: 8 }),
    });
  }
}
