import { useState } from 'react';
import { Link } from 'react-router';
import { otherProfilePath } from '@/config/paths.ts';
import { initials, personName } from '@/lib/format.ts';
import * as s from './connections.css.ts';

export interface PersonLike {
  id: string;
  first_name: string;
  last_name: string;
  profile_image: string | null;
  university?: string | null;
  graduation_year?: number | null;
}

/** Photo (or initials), name linking to the profile, school and class. */
export function PersonCell({ person, note }: { person: PersonLike; note?: string }) {
  const [broken, setBroken] = useState(false);
  const name = personName(person);
  const detail = [person.university, person.graduation_year && `Class of ${person.graduation_year}`]
    .filter(Boolean)
    .join(' · ');
  return (
    <>
      {person.profile_image && !broken ? (
        <img className={s.photo} src={person.profile_image} alt="" loading="lazy" onError={() => setBroken(true)} />
      ) : (
        <span className={s.photo} aria-hidden="true">
          {initials(name)}
        </span>
      )}
      <span className={s.who}>
        <Link className={s.name} to={otherProfilePath(person.id)} dir="auto">
          {name}
        </Link>
        {detail && (
          <span className={s.meta} dir="auto">
            {detail}
          </span>
        )}
        {note && <span className={s.meta}>{note}</span>}
      </span>
    </>
  );
}
