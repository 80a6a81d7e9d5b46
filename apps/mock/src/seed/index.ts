import type { Faker } from '@faker-js/faker';
import {
  CHANNEL_TOPICS,
  CLUBS,
  COMPANIES,
  DEGREES,
  DIRECTIONS,
  graduationYears,
  INDUSTRIES,
  INTERESTS,
  LOCATIONS,
  MAJORS,
  POSITIONS,
  PROGRAMS,
  TAGS,
  UNIVERSITIES,
} from '../lib/catalog.ts';
import { byCodeUnits } from '../lib/compare.ts';
import {
  type Message,
  type ResourceItem,
  type ResourceKind,
  SEED_REF_DATE,
  type State,
  type StoredChannel,
  type StoredUser,
} from '../store/types.ts';
import { seedChat } from './chat.ts';
import { drawsOf } from './draws.ts';
import { createChannel, createMessage, createUser } from './factories.ts';
import { newFaker } from './faker.ts';
import { seedFeed } from './feed.ts';
import { isoTime } from './iso-time.ts';
import { addSeededMedia } from './media.ts';
import { chatLine } from './messages.ts';
import { addProfileItems, intoLists, type ProfileItemSink } from './profile-items.ts';
import { seedSocial } from './social.ts';

export const DEFAULT_SEED = 20261122;
export const DEFAULT_USERS = 300;
export const MAX_USERS = 100_000;
export { SEED_REF_DATE };

/** Every seeded account (the demo one too) signs in with this password. */
export const SEEDED_PASSWORD = 'cohort-demo';
export const DEMO_ACCOUNT = {
  email: 'demo@cohort.test',
  password: SEEDED_PASSWORD,
  university: UNIVERSITIES[0].name,
} as const;

export interface SeedOptions {
  seed?: number;
  users?: number;
  /** Channels to create (default ~40). */
  channels?: number;
  /**
   * Where the profile items go as they are made (a new `--data` file writes them straight to
   * SQLite): then the state's item lists stay empty, and its counters are what they would be.
   */
  profileItems?: ProfileItemSink;
}

/** `list[i]`, which the seed's own arithmetic guarantees exists. */
function at<T>(list: readonly T[], i: number): T {
  const value = list[i];
  if (value === undefined) throw new Error(`seed: index ${i} out of range`);
  return value;
}

const named = (names: readonly string[], first = 1): ResourceItem[] =>
  names.map((name, i) => ({ id: first + i, name }));

/**
 * Users are drawn in blocks of this many from their own faker stream. Reseeding the Mersenne
 * Twister per user made 100k users take 15 s; per block it is a small share of that.
 */
const BLOCK = 256;

/**
 * Builds the whole seeded state. Each block of users, each channel and each section draws from its
 * own faker stream (`seed([seed, section, index])`), so user 7 is the same whatever `users` is.
 */
export function seedState(options: SeedOptions = {}): State {
  const seed = options.seed ?? DEFAULT_SEED;
  const userCount = Math.min(Math.max(options.users ?? DEFAULT_USERS, 1), MAX_USERS);
  const channelCount = options.channels ?? 40;
  const f = newFaker();
  const refDate = SEED_REF_DATE;
  const thisYear = new Date().getUTCFullYear();

  const resources: Record<ResourceKind, ResourceItem[]> = {
    Club: named(CLUBS),
    Position: named(POSITIONS),
    Direction: named(DIRECTIONS),
    Interest: named(INTERESTS),
    University: named(UNIVERSITIES.map((u) => u.name)),
    Major: named(MAJORS),
    Program: named(PROGRAMS),
    Degree: named(DEGREES),
    Graduation: graduationYears(Math.max(thisYear, refDate.getUTCFullYear())),
    Industry: named(INDUSTRIES),
    Company: named(COMPANIES),
    Location: named(LOCATIONS),
    Tag: named(TAGS),
  };
  const universityIds = resources.University.map((u) => u.id);

  const next: State['next_id'] = {
    note: 1,
    club: 1,
    interest: 1,
    direction: 1,
    experience: 1,
    resource: 1000,
    saved_message: 1,
    report: 1,
    event: 1,
    saved_list: 1,
    connection: 1,
    channel_invite: 1,
    notification: 1,
    block: 1,
    post_report: 1,
  };
  const state: State = {
    version: 1,
    seed,
    users: [],
    resources,
    notes: [],
    clubs: [],
    interests: [],
    directions: [],
    experiences: [],
    channels: [],
    messages: {},
    saved_messages: [],
    tokens: {},
    next_id: next,
  };

  // ---------- users with their profile items ----------
  const putItem = options.profileItems ?? intoLists(state);
  for (let index = 0; index < userCount; index++) {
    if (index % BLOCK === 0) f.seed([seed, 1, index / BLOCK]);
    const demo = index === 0;
    const user = createUser(
      f,
      { index, refDate, universityIds },
      demo
        ? {
            email: DEMO_ACCOUNT.email,
            first_name: 'Dana',
            last_name: 'Okafor',
            university: DEMO_ACCOUNT.university,
            university_id: universityIds[0] ?? null,
            program: 'MBA',
            graduation_year: refDate.getUTCFullYear(),
            description: 'MBA candidate interested in climate tech and community building.',
            emails: ['dana.okafor@stanford.edu', 'dana.okafor@gmail.com'],
          }
        : {},
    );
    state.users.push(user);
    addProfileItems(f, state, user, demo, refDate, putItem);
  }

  // ---------- friendships (symmetric) ----------
  // Each user's friends as a short list (a handful each; a Set per user was 100,000 Sets to collect).
  const friends: number[][] = Array.from({ length: userCount }, () => []);
  const befriend = (a: number, b: number) => {
    const list = at(friends, a);
    if (!list.includes(b)) list.push(b);
  };
  const draw = drawsOf(f);
  for (let i = 0; i < userCount; i++) {
    if (i % BLOCK === 0) f.seed([seed, 2, i / BLOCK]);
    const wanted = i === 0 ? Math.min(25, userCount - 1) : draw.int(1, 4);
    for (let k = 0; k < wanted * 3 && at(friends, i).length < wanted && userCount > 1; k++) {
      const j = draw.int(0, userCount - 1);
      if (j === i) continue;
      befriend(i, j);
      befriend(j, i);
    }
  }
  state.users.forEach((user, i) => {
    user.friend_ids = at(friends, i)
      .sort((a, b) => a - b)
      .map((j) => at(state.users, j).id);
  });

  // ---------- channels with members and messages ----------
  for (let c = 0; c < channelCount; c++) {
    f.seed([seed, 3, c]);
    const topic = at(CHANNEL_TOPICS, c % CHANNEL_TOPICS.length).replace(
      '{year}',
      String(refDate.getUTCFullYear() + (c % 3)),
    );
    const name = c < CHANNEL_TOPICS.length ? topic : `${topic} ${Math.floor(c / CHANNEL_TOPICS.length) + 1}`;
    const size = Math.min(userCount, f.number.int({ min: 4, max: 40 }));
    const members = new Set<number>();
    while (members.size < size) members.add(f.number.int({ min: 0, max: userCount - 1 }));
    if (c < 8) members.add(0); // the demo account is in the first eight groups
    const memberList = [...members].sort((a, b) => a - b).map((i) => at(state.users, i));
    const creator = f.helpers.arrayElement(memberList);
    const createdAt = f.date.between({
      from: new Date(refDate.getTime() - 400 * 86400e3),
      to: new Date(refDate.getTime() - 30 * 86400e3),
    });
    const channel: StoredChannel = createChannel(f, {
      name,
      description: `${name}: ${f.helpers.arrayElement(['updates, questions and plans', 'a place to share resources', 'coordination and good vibes', 'events, intros and opportunities'])}.`,
      tags: f.helpers
        .arrayElements(
          resources.Tag.map((t) => t.id),
          { min: 1, max: 3 },
        )
        .sort((a, b) => a - b),
      users: memberList.map((u) => u.id),
      created_by: creator.id,
      created_at: createdAt.toISOString(),
      expires_year:
        f.helpers.maybe(() => refDate.getUTCFullYear() + f.number.int({ min: 0, max: 3 }), { probability: 0.3 }) ??
        null,
    });
    const messages = seedMessages(f, channel, memberList, createdAt, refDate);
    channel.last_activity_at = messages.at(-1)?.time ?? channel.created_at;
    state.channels.push(channel);
    state.messages[channel.id] = messages;
  }

  // ---------- saved messages for the demo account ----------
  f.seed([seed, 4]);
  const demoId = at(state.users, 0).id;
  const demoChannels = state.channels.filter((c) => c.users.includes(demoId)).slice(0, 4);
  for (const channel of demoChannels) {
    const message = f.helpers.arrayElement(state.messages[channel.id] ?? []);
    if (!message) continue;
    state.saved_messages.push({
      id: next.saved_message++,
      user_id: demoId,
      channel_id: channel.id,
      message_id: message.id,
      saved_at: f.date.between({ from: message.time, to: refDate }).toISOString(),
    });
  }
  state.social = seedSocial(state, seed, refDate);
  // The seed numbers its lists and invitations from 1: the counters go on after them.
  next.saved_list = state.social.saved_lists.length + 1;
  next.channel_invite = state.social.channel_invites.length + 1;
  next.connection = state.social.connections.length + 1;
  // What the demo account's Alerts show on first sign-in: its pending invitations, unread (left
  // out while there are none, as a state without notifications has no such part).
  const notifications = demoNotifications(state);
  if (notifications.length > 0) state.notifications = notifications;
  next.notification = notifications.length + 1;
  // After the social seed: the archive is appended last, so it never becomes a seeded subgroup.
  seedChat(f, state, seed, refDate);
  addSeededMedia(state);
  state.feed = seedFeed(state, seed, refDate);
  return state;
}

function seedMessages(f: Faker, channel: StoredChannel, members: StoredUser[], from: Date, to: Date): Message[] {
  const draw = drawsOf(f);
  const total = draw.int(20, 200);
  const [start, end] = [from.getTime(), to.getTime()];
  const times = Array.from({ length: total }, () => draw.int(start, end)).sort((a, b) => a - b);
  const out: Message[] = [];
  for (const time of times) {
    const sender = draw.pick(members);
    const mention = draw.pick(members);
    const replyTo = out.length > 0 && draw.chance(0.15) ? draw.pickLast(out, 10) : undefined;
    out.push(
      createMessage(f, {
        channel_id: channel.id,
        sender_id: sender.id,
        time: isoTime(time),
        reply_message_id: replyTo?.id ?? null,
        message: chatLine(f, {
          club: draw.pick(CLUBS),
          major: draw.pick(MAJORS),
          company: draw.pick(COMPANIES),
          name: mention.first_name,
        }),
      }),
    );
  }
  return out;
}

/** A notification for each invitation still waiting for the demo account (to connect, to a group), oldest first. */
function demoNotifications(state: State): NonNullable<State['notifications']> {
  const demo = state.users[0];
  const social = state.social;
  if (!demo || !social) return [];
  const base = {
    user_id: demo.id,
    read_at: null,
    connection_id: null,
    channel_id: null,
    invite_id: null,
    message_id: null,
  };
  const made = [
    ...social.connections
      .filter((c) => c.to_user_id === demo.id && c.status === 'pending')
      .map((c) => ({
        ...base,
        kind: 'connection_invited' as const,
        actor_id: c.from_user_id,
        created_at: c.created_at,
        connection_id: c.id,
      })),
    ...social.channel_invites
      .filter((i) => i.user_id === demo.id && i.status === 'pending')
      .map((i) => ({
        ...base,
        kind: 'group_invited' as const,
        actor_id: i.invited_by,
        created_at: i.created_at,
        invite_id: i.id,
        channel_id: i.channel_id,
      })),
  ].sort((a, b) => byCodeUnits(a.created_at, b.created_at));
  return made.map((n, i) => ({ ...n, id: i + 1 }));
}
