import type { StoredUser } from '../store/types.ts';

/**
 * How a row's value is kept in a `--data` file's `rows` table: JSON, and for a user (version 4 of
 * the format) a JSON array of its fields in `USER_FIELDS` order instead of an object. At 100,000
 * users the names of the fields were two fifths of the file; without them a user row is written
 * in about half the time and read in about three quarters. The optional `resume` comes last when
 * there is one. A user with any other set of fields (one missing, or one not in the list) is kept
 * as an object, which is read too.
 */
export const USER_FIELDS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'profile_image',
  'description',
  'phone',
  'program',
  'university',
  'graduation_year',
  'emails',
  'created_at',
  'updated_at',
  'password_hash',
  'university_id',
  'major',
  'company',
  'industry',
  'desired_industry',
  'location',
  'last_seen_at',
  'friend_ids',
] as const satisfies readonly (keyof StoredUser)[];

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
// Every field a stored user always has is in the list (the build fails when the contract adds one).
const everyRequiredField: Exclude<RequiredKeys<StoredUser>, (typeof USER_FIELDS)[number]> extends never ? true : never =
  true;
void everyRequiredField;

/** The optional field a user row may end with. */
const RESUME = 'resume' satisfies keyof StoredUser;

/**
 * Spelled out in `USER_FIELDS` order rather than a loop over it (as `userOf` is): a fresh seed
 * writes 100,000 of these, and the loop with its checks per field took twice as long.
 */
function userText(user: StoredUser): string {
  const u = user as StoredUser & Record<string, unknown>;
  const values: unknown[] = [
    u.id,
    u.email,
    u.first_name,
    u.last_name,
    u.profile_image,
    u.description,
    u.phone,
    u.program,
    u.university,
    u.graduation_year,
    u.emails,
    u.created_at,
    u.updated_at,
    u.password_hash,
    u.university_id,
    u.major,
    u.company,
    u.industry,
    u.desired_industry,
    u.location,
    u.last_seen_at,
    u.friend_ids,
  ];
  if (u[RESUME] !== undefined) values.push(u[RESUME]);
  // Exactly these fields, each with a value (a missing one reads as undefined; a field beyond them counts).
  let fields = 0;
  for (const _ in u) fields++;
  return fields === values.length && !values.includes(undefined) ? JSON.stringify(values) : JSON.stringify(u);
}

/** Spelled out rather than a loop over `USER_FIELDS`: half the time, at every start from a file. */
function userOf(v: unknown[]): unknown {
  if (v.length !== USER_FIELDS.length && v.length !== USER_FIELDS.length + 1) {
    throw new Error(
      `it has ${v.length} fields, not ${USER_FIELDS.length} (or ${USER_FIELDS.length + 1} with a resume)`,
    );
  }
  const user: Record<string, unknown> = {
    id: v[0],
    email: v[1],
    first_name: v[2],
    last_name: v[3],
    profile_image: v[4],
    description: v[5],
    phone: v[6],
    program: v[7],
    university: v[8],
    graduation_year: v[9],
    emails: v[10],
    created_at: v[11],
    updated_at: v[12],
    password_hash: v[13],
    university_id: v[14],
    major: v[15],
    company: v[16],
    industry: v[17],
    desired_industry: v[18],
    location: v[19],
    last_seen_at: v[20],
    friend_ids: v[21],
  };
  if (v.length > USER_FIELDS.length) user[RESUME] = v[USER_FIELDS.length];
  return user;
}

/** The text a row's value is kept as. */
export function rowText(collection: string, value: unknown): string {
  return collection === 'user' && typeof value === 'object' && value !== null && !Array.isArray(value)
    ? userText(value as StoredUser)
    : JSON.stringify(value);
}

/**
 * A row's value read back from its text. Throws a SyntaxError when the text is not JSON, and an
 * Error naming what is wrong when a user's array has the wrong number of fields; the state schema
 * then checks each field.
 */
export function rowValue(collection: string, text: string): unknown {
  const value: unknown = JSON.parse(text);
  return collection === 'user' && Array.isArray(value) ? userOf(value) : value;
}
