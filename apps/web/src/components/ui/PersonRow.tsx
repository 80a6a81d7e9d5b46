import type { Schemas } from '@cohort/api';
import { useState } from 'react';
import { Link } from 'react-router';

export type Person = Schemas['PersonSummary'];

import { otherProfilePath } from '../../config/paths.ts';
import { lastSeenText } from '../../lib/dates.ts';
import { initials, personName } from '../../lib/format.ts';
import * as s from './people.css.ts';

/**
 * A person with photo, full name, last-seen text and a selection checkbox: the name opens their
 * profile, as everywhere else, and the rest of the row toggles the checkbox.
 */
export function PersonRow({ person, selected, onToggle }: { person: Person; selected: boolean; onToggle: () => void }) {
  // A member without a name (the contract allows empty names) still gets a label to read and select.
  const name = personName(person);
  // A photo that cannot load (offline, a dead link) falls back to the initials rather than a broken image.
  const [broken, setBroken] = useState(false);
  const detail = [person.university, person.graduation_year && `Class of ${person.graduation_year}`]
    .filter(Boolean)
    .join(' · ');
  return (
    <li>
      <label className={s.row}>
        {person.profile_image && !broken ? (
          <img className={s.photo} src={person.profile_image} alt="" loading="lazy" onError={() => setBroken(true)} />
        ) : (
          <span className={s.initials} aria-hidden="true">
            {initials(`${person.first_name} ${person.last_name}`)}
          </span>
        )}
        <span className={s.who}>
          <Link to={otherProfilePath(person.id)} className={s.nameLink} dir="auto">
            {name}
          </Link>
          <span className={s.meta}>{lastSeenText(person.last_seen_at)}</span>
          {detail && (
            <span className={s.meta} dir="auto">
              {detail}
            </span>
          )}
        </span>
        <input
          type="checkbox"
          className={s.checkbox}
          checked={selected}
          onChange={onToggle}
          aria-label={`Select ${name}`}
        />
      </label>
    </li>
  );
}

/** Selection of people by id, in the order they were chosen. */
export function toggleId(ids: string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
}
