import type { Schemas } from '@cohort/api';
import { demoUser } from './fixtures.ts';

/**
 * Hostile but contract-valid server data (openapi/openapi.yaml): every value here is one a
 * conforming backend may send. Each fixture is typed by the generated schema, so a missing
 * required field or a wrong type fails the type check; the strings keep to each field's
 * `maxLength` (names 255, a message 10,000, a note's date 32, a colour 32, a URL 2,048).
 */

/** A name of 255 letters and no space: nothing can wrap it but overflow-wrap: anywhere. */
export const LONG_NAME = 'Wolfeschlegelsteinhausenbergerdorff'.repeat(8).slice(0, 255);
/** The longest message the contract allows, one word. */
export const LONG_MESSAGE = 'x'.repeat(10_000);
/** Right-to-left text (Arabic). */
export const RTL = 'مرحبا بكم في المجموعة';
/** A name starting with a letter outside the Basic Multilingual Plane (two UTF-16 units). */
export const ASTRAL_NAME = '𝓐lexandra';
/** A valid RFC 3339 date-time (a leap second) that JavaScript's Date cannot parse. */
export const LEAP_SECOND = '2016-12-31T23:59:60Z';
/** A path the contract accepts (uri-reference) with a malformed percent escape. */
export const BAD_ESCAPE_URL = '/media/files/a%FF.txt';
/** Any string the contract allows for a field that is only a string (Note.date, CalendarEvent.color). */
export const NOT_A_DATE = 'sometime next spring';
export const PROTOTYPE_KEY = 'constructor';

export const CHANNEL_ID = 'chan_hostile0000000000';
export const OTHER_ID = 'usr_nameless000000000';

type Message = Schemas['Message'];

export const message = (n: number, over: Partial<Message> = {}): Message => ({
  id: `msg_hostile${String(n).padStart(9, '0')}`,
  channel_id: CHANNEL_ID,
  sender_id: OTHER_ID,
  reply_message_id: null,
  message: `Plain message ${n}`,
  time: new Date(Date.UTC(2026, 10, 1, 10, n)).toISOString(),
  files: [],
  ...over,
});

/** A page of messages with every hostile shape a message can take. */
export const hostileMessages: Message[] = [
  message(1, { message: '', files: [{ url: BAD_ESCAPE_URL, file_type: 2 }] }),
  message(2, { message: LONG_MESSAGE }),
  message(3, { message: RTL, time: LEAP_SECOND }),
  // A well-formed escape of a cut UTF-8 sequence: a valid uri-reference that decodeURIComponent refuses.
  message(4, { message: '', files: [{ url: '/media/images/x%E2%82.png', file_type: 1 }] }),
  // A reply to a message that is not loaded, forwarded from one that is gone.
  message(5, { reply_message_id: 'msg_gone000000000000', forwarded_from_id: 'msg_gone000000000001' }),
  message(6, { message: 'see https://example.org/%E0%A4%A and more' }),
];

/** A member with no name at all, one with a 255-letter name, one with a right-to-left name. */
export const hostilePeople: Schemas['PersonSummary'][] = [
  { id: OTHER_ID, first_name: '', last_name: '', profile_image: null, last_seen_at: null },
  {
    id: 'usr_longname00000000',
    first_name: LONG_NAME,
    last_name: '',
    profile_image: null,
    last_seen_at: LEAP_SECOND,
    university: RTL,
  },
  { id: 'usr_rtlname000000000', first_name: ASTRAL_NAME, last_name: RTL, profile_image: null, last_seen_at: null },
];

export const hostileChannel: Schemas['Channel'] = {
  id: CHANNEL_ID,
  name: LONG_NAME,
  description: LONG_MESSAGE.slice(0, 2000),
  tags: [],
  is_closed: false,
  users: [demoUser.id, OTHER_ID],
  member_count: 2,
};

export const hostileChannels: Schemas['Channel'][] = [
  { ...hostileChannel, last_message: hostileMessages[1] ?? null, created_at: LEAP_SECOND },
  // No optional field at all: no last_message, no created_at, no unread count.
  { id: 'chan_rtl000000000000000', name: RTL, description: '', tags: [], is_closed: false, users: [], member_count: 0 },
  {
    id: 'chan_blank0000000000000',
    name: '',
    description: '',
    tags: [],
    is_closed: true,
    users: [],
    member_count: 0,
    last_message: hostileMessages[0] ?? null,
  },
];

export const hostileDetail: Schemas['ChannelDetail'] = {
  ...hostileChannel,
  name: RTL,
  is_member: true,
  members: hostilePeople,
  member_count: 3,
  online_count: 0,
  subgroups: [{ id: 'chan_subblank000000000', name: '', member_count: 0, expires_year: null, is_member: false }],
};

export const namelessUser: Schemas['User'] = {
  id: demoUser.id,
  email: 'n@x.edu',
  first_name: '',
  last_name: '',
  profile_image: null,
  description: RTL,
  created_at: LEAP_SECOND,
  updated_at: LEAP_SECOND,
};

/** Another person as a non-connection sees them: no e-mail, no optional field, no name. */
export const namelessStranger: Schemas['PublicUser'] = {
  id: OTHER_ID,
  first_name: '',
  last_name: '',
  profile_image: null,
  description: null,
  created_at: LEAP_SECOND,
  updated_at: LEAP_SECOND,
};

export const hostileNotes: Schemas['Note'][] = [
  { id: 1, title: LONG_NAME, note: LONG_MESSAGE, date: NOT_A_DATE },
  { id: 2, title: RTL, note: RTL, date: '' },
];

export const hostileClubs: Schemas['ClubEntry'][] = [
  { id: 1, name: LONG_NAME, position: '' },
  { id: 2, name: RTL, position: RTL },
];

export const hostileExperiences: Schemas['Experience'][] = [
  { id: 1, university: { id: 1, name: LONG_NAME }, concern: '', degree: RTL, year: 1900 },
];

export const hostileInterests: Schemas['Interest'][] = [
  { id: 1, name: LONG_NAME, prefixed_id: 'int_long0000000000000' },
  { id: 2, name: RTL, prefixed_id: 'int_rtl00000000000000' },
];

export const hostileEvents: Schemas['CalendarEvent'][] = [
  {
    id: 1,
    title: '',
    all_day: false,
    start: LEAP_SECOND,
    end: LEAP_SECOND,
    people: [OTHER_ID, 'usr_unknown000000000'],
    video: true,
    location: RTL,
    reminder_minutes: 0,
    color: PROTOTYPE_KEY,
    created_at: LEAP_SECOND,
  },
  {
    id: 2,
    title: LONG_NAME,
    all_day: true,
    start: '9999-12-31T23:59:59+23:59',
    end: '9999-12-31T23:59:59+23:59',
    people: [],
    video: false,
    location: null,
    reminder_minutes: 2147483647,
    color: '__proto__',
    created_at: LEAP_SECOND,
  },
];

export const hostileSavedMessages: Schemas['SavedMessage'][] = [
  { id: 1, channel_id: CHANNEL_ID, channel_name: RTL, saved_at: LEAP_SECOND, message: hostileMessages[0] as Message },
  { id: 2, channel_id: CHANNEL_ID, channel_name: '', saved_at: LEAP_SECOND, message: hostileMessages[1] as Message },
];

export const hostileSavedLists: Schemas['SavedList'][] = [
  { id: 1, name: '', count: 0, created_at: LEAP_SECOND, deleted_at: null },
  { id: 2, name: LONG_NAME, count: 2147483647, created_at: LEAP_SECOND, deleted_at: null },
];

export const hostileSavedListDetail: Schemas['SavedListDetail'] = {
  id: 1,
  name: RTL,
  count: 3,
  created_at: LEAP_SECOND,
  deleted_at: null,
  members: hostilePeople,
};

export const hostileInvites: Schemas['ChannelInvite'][] = [
  {
    id: 1,
    channel_id: CHANNEL_ID,
    channel_name: '',
    user_id: demoUser.id,
    invited_by: OTHER_ID,
    status: 'pending',
    created_at: LEAP_SECOND,
  },
];

export const hostileFriends: Schemas['Friend'][] = [
  { id: OTHER_ID, first_name: '', last_name: '', profile_image: null },
  { id: 'usr_rtlname000000000', first_name: RTL, last_name: LONG_NAME, profile_image: null, university: RTL },
];
