import { useId, useMemo } from 'react';
import { initials, matches, personName, UNNAMED_PERSON } from '../../lib/format.ts';
import * as s from './rows.css.ts';

export interface Person {
  id: string;
  name: string;
  detail?: string | null;
  photo?: string | null;
}

/** A searchable list of people, one checkbox each; the parent owns the search text and the choice. */
export function PeopleChecklist({
  people,
  chosen,
  onToggle,
  query,
  label,
  empty = 'Nobody matches.',
}: {
  people: readonly Person[];
  chosen: ReadonlySet<string>;
  onToggle: (id: string) => void;
  query: string;
  label: string;
  empty?: string;
}) {
  const id = useId();
  const shown = useMemo(() => people.filter((p) => matches(`${p.name} ${p.detail ?? ''}`, query)), [people, query]);
  if (shown.length === 0) return <p className={s.muted}>{empty}</p>;
  return (
    <ul className={s.list} aria-label={label}>
      {shown.map((person) => (
        <li key={person.id}>
          <label className={s.row} htmlFor={`${id}-${person.id}`}>
            <span className={s.avatar} aria-hidden="true">
              {initials(person.name === UNNAMED_PERSON ? '' : person.name)}
            </span>
            <span className={s.rowMain}>
              <span className={s.name} dir="auto">
                {person.name}
              </span>
              {person.detail && (
                <span className={s.preview} dir="auto">
                  {person.detail}
                </span>
              )}
            </span>
            <input
              id={`${id}-${person.id}`}
              type="checkbox"
              className={s.check}
              checked={chosen.has(person.id)}
              onChange={() => onToggle(person.id)}
            />
          </label>
        </li>
      ))}
    </ul>
  );
}

/** A friend (or any user summary) as a checklist row. */
export function toPerson(u: {
  id: string;
  first_name: string;
  last_name: string;
  university?: string | null;
  graduation_year?: number | null;
  profile_image?: string | null;
}): Person {
  const detail = [u.university, u.graduation_year ? `Class of ${u.graduation_year}` : null].filter(Boolean).join(', ');
  return {
    id: u.id,
    name: personName(u),
    detail: detail || null,
    photo: u.profile_image ?? null,
  };
}
