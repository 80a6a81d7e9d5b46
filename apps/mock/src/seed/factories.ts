import type { Faker } from '@faker-js/faker';
import { COMPANIES, DEGREES, INDUSTRIES, LOCATIONS, MAJORS, PROGRAMS, UNIVERSITIES } from '../lib/catalog.ts';
import type { Message, StoredChannel, StoredUser } from '../store/types.ts';
import { drawsOf, lastName, recentTime, seededId } from './draws.ts';
import { fakePattern } from './fake-pattern.ts';
import { isoTime } from './iso-time.ts';

const slugs = new Map<string, string>();

/** A name as it goes into an e-mail address; names come from faker's lists, so each is worked out once. */
function slug(s: string): string {
  let made = slugs.get(s);
  if (made === undefined) {
    made = s
      .normalize('NFKD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase();
    if (slugs.size < 100_000) slugs.set(s, made);
  }
  return made;
}

export interface UserContext {
  index: number;
  refDate: Date;
  /** The University resource ids, in `UNIVERSITIES` order. */
  universityIds: number[];
}

/** A realistic seeded user; `overrides` win. */
export function createUser(f: Faker, ctx: UserContext, overrides: Partial<StoredUser> = {}): StoredUser {
  // faker's own draws, asked of its source directly (draws.ts): 100,000 users make a million of them.
  const draw = drawsOf(f);
  const uniIndex = draw.int(0, UNIVERSITIES.length - 1);
  const uni = UNIVERSITIES[uniIndex] ?? UNIVERSITIES[0];
  const first = draw.firstName();
  const last = lastName(f);
  const email = `${slug(first)}.${slug(last)}${ctx.index}@${uni.domain}`;
  const year = ctx.refDate.getUTCFullYear();
  const createdAt = draw.int(ctx.refDate.getTime() - 3 * 365 * 86400e3, ctx.refDate.getTime());
  const updatedAt = draw.int(createdAt, ctx.refDate.getTime());
  const industry = draw.pick(INDUSTRIES);
  const id = seededId('usr', f);
  return {
    id,
    email,
    first_name: first,
    last_name: last,
    // Served by the mock itself (routes/media.ts), so photos load offline.
    profile_image: `/media/avatars/${id}.png`,
    description: draw.chance(0.85)
      ? `${fakePattern(f, f.rawDefinitions.person?.job_title_pattern ?? [])}. ${fakePattern(f, f.rawDefinitions.person?.bio_pattern ?? [])}.`
      : null,
    phone: draw.phoneNumber('international'),
    program: draw.pick(PROGRAMS),
    university: uni.name,
    graduation_year: draw.int(year - 25, year + 2),
    emails: draw.chance(0.5) ? [`${slug(first)}${ctx.index}@${draw.pick(['gmail.com', 'outlook.com'])}`] : [],
    created_at: isoTime(createdAt),
    updated_at: isoTime(updatedAt),
    password_hash: null,
    university_id: ctx.universityIds[uniIndex] ?? null,
    major: draw.pick(MAJORS),
    company: draw.pick(COMPANIES),
    industry,
    desired_industry: draw.pick(INDUSTRIES),
    location: draw.pick(LOCATIONS),
    last_seen_at: isoTime(recentTime(f, 14, ctx.refDate)),
    friend_ids: [],
    ...overrides,
  };
}

export function createDegree(f: Faker): string {
  return drawsOf(f).pick(DEGREES);
}

export function createChannel(
  f: Faker,
  overrides: Partial<StoredChannel> & Pick<StoredChannel, 'created_by' | 'created_at'>,
): StoredChannel {
  const isClosed = f.datatype.boolean({ probability: 0.2 });
  return {
    id: seededId('chan', f),
    name: 'Group',
    description: '',
    tags: [],
    is_closed: isClosed,
    users: [],
    parent_id: null,
    is_public: !isClosed,
    is_open: !isClosed && f.datatype.boolean({ probability: 0.7 }),
    expires_year: null,
    is_direct: false,
    last_activity_at: overrides.created_at,
    ...overrides,
  };
}

export function createMessage(
  f: Faker,
  overrides: Pick<Message, 'channel_id' | 'sender_id' | 'time' | 'message'> & Partial<Message>,
): Message {
  const draw = drawsOf(f);
  const withFile = draw.chance(0.08);
  return {
    id: seededId('msg', f),
    reply_message_id: null,
    files: withFile
      ? [
          draw.chance(0.5)
            ? { url: `/media/images/${draw.alphanumeric(12)}.svg`, file_type: 1 }
            : { url: `/media/files/${fileName(f)}`, file_type: 2 },
        ]
      : [],
    ...overrides,
  };
}

let extensions: string[] | undefined;

/**
 * `f.system.fileName({ extensionCount: 1 })` with the same draws: faker gathers every extension of
 * every MIME type again on each call (a tenth of the default seed's time); here once.
 */
function fileName(f: Faker): string {
  extensions ??= [...new Set(Object.values(f.definitions.system.mime_type).flatMap(({ extensions: list }) => list))];
  const base = f.word.words().toLowerCase().replaceAll(/\W/g, '_');
  return `${base}.${f.helpers.arrayElement(extensions)}`;
}
