import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { RESOURCE_KINDS } from './store/types.ts';

// The shape of a `--data` file: what the store needs to run without a 500 (every collection
// present and of the right type, every record with the keys the store reads, every id counter).
// Records stay open, so a field added later does not make older files unreadable.
const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const strings = { type: 'array', items: str } as const;
const record = (required: Record<string, unknown>) => ({
  type: 'object',
  required: Object.keys(required),
  properties: required,
});
const list = (item: object) => ({ type: 'array', items: item });
const owned = record({ id: int, user_id: str });
const COUNTERS = ['note', 'club', 'interest', 'direction', 'experience', 'resource', 'saved_message'];

export const stateSchema = {
  type: 'object',
  required: [
    'version',
    'seed',
    'users',
    'resources',
    'notes',
    'clubs',
    'interests',
    'directions',
    'experiences',
    'channels',
    'messages',
    'saved_messages',
    'tokens',
    'next_id',
  ],
  properties: {
    version: { const: 1 },
    seed: int,
    users: list(
      record({ id: str, email: str, first_name: str, last_name: str, friend_ids: strings, last_seen_at: str }),
    ),
    resources: {
      type: 'object',
      required: [...RESOURCE_KINDS],
      properties: Object.fromEntries(RESOURCE_KINDS.map((k) => [k, list(record({ id: int, name: str }))])),
    },
    notes: list(owned),
    clubs: list(owned),
    interests: list(owned),
    directions: list(owned),
    experiences: list(record({ id: int, user_id: str, university_id: int })),
    channels: list(record({ id: str, name: str, users: strings, tags: { type: 'array' }, created_at: str })),
    messages: {
      type: 'object',
      additionalProperties: list(
        record({ id: str, sender_id: str, message: str, time: str, files: { type: 'array' } }),
      ),
    },
    saved_messages: list(record({ id: int, user_id: str, channel_id: str, message_id: str })),
    tokens: { type: 'object', additionalProperties: record({ user_id: str, created_at: str }) },
    next_id: {
      type: 'object',
      required: COUNTERS,
      properties: Object.fromEntries(COUNTERS.map((c) => [c, { type: 'integer', minimum: 1 }])),
    },
    chat: record({
      pins: { type: 'object' },
      read: { type: 'object' },
      muted: { type: 'object' },
      reports: { type: 'array' },
      events: { type: 'array' },
      next_report_id: int,
      next_event_id: int,
    }),
    social: record({
      saved_lists: { type: 'array' },
      connections: { type: 'array' },
      channel_invites: { type: 'array' },
      following: { type: 'object' },
      inactive: { type: 'object' },
    }),
  },
};

const validate = new Ajv2020({ allErrors: false, strict: true }).compile(stateSchema);

/** The first problem with a parsed state file, as `/path: message`, or undefined when it is sound. */
export function stateFileProblem(value: unknown): string | undefined {
  if (validate(value)) return undefined;
  const error = validate.errors?.[0] as ErrorObject | undefined;
  if (!error) return 'is not a Cohort state';
  let where = error.instancePath || '/';
  if (error.keyword === 'required') where = `${error.instancePath}/${String(error.params.missingProperty)}`;
  const what = error.keyword === 'required' ? 'is missing' : (error.message ?? error.keyword);
  return `${where} ${what}`;
}
