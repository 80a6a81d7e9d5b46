import { type OpenApiDocument, resolveRef } from '@cohort/openapi';
import { COUNTERS, FIRST_COUNTERS, RESOURCE_KINDS } from '../store/types.ts';

// The shape of a `--data` file: what the store needs to run without a 500 and to answer what the
// contract promises. A record that is a contract type (User, Note, Message, ...) must have every
// field the contract requires, each of the contract's JSON type (read from openapi.yaml, one level
// deep, so the file follows the contract); the store's own fields are listed here. Records stay
// open: a field this schema does not name is never a reason to refuse a file. A file is checked
// against it by `stateFileProblem` (state-check.ts).

export type Schema = Record<string, unknown>;
const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;
const nullable = (type: string) => ({ type: [type, 'null'] });
const strings = { type: 'array', items: str } as const;
const list = (item: Schema) => ({ type: 'array', items: item });
const map = (value: Schema) => ({ type: 'object', additionalProperties: value });
/** An object with these fields required (`optional` ones are only type-checked when present). */
const record = (required: Record<string, Schema>, optional: Record<string, Schema> = {}) => ({
  type: 'object',
  required: Object.keys(required),
  properties: { ...optional, ...required },
});

/** The JSON `type` of a contract property, following `$ref`s and `oneOf`/`anyOf` unions; undefined when it has none. */
function jsonType(doc: OpenApiDocument, node: unknown, depth = 0): string[] | undefined {
  if (depth > 10 || typeof node !== 'object' || node === null) return undefined;
  const schema = resolveRef<Schema>(doc, node as Schema);
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type as string[];
  const branches = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (!branches) return undefined;
  const types = new Set<string>();
  for (const branch of branches) {
    const type = jsonType(doc, branch, depth + 1);
    if (!type) return undefined;
    for (const t of type) types.add(t);
  }
  return [...types];
}

/**
 * A contract component as a stored record: its required fields (minus `without`, which the store
 * derives when answering) with their JSON types, plus the store's own `required` and `optional` fields.
 */
export function contractRecord(
  doc: OpenApiDocument,
  name: string,
  {
    required = {},
    optional = {},
    without = [],
  }: {
    required?: Record<string, Schema>;
    optional?: Record<string, Schema>;
    without?: string[];
  } = {},
) {
  const component = doc.components.schemas[name] as Schema | undefined;
  if (!component) throw new Error(`the contract has no schema ${name}`);
  const properties = (component.properties ?? {}) as Record<string, unknown>;
  const fromContract: Record<string, Schema> = {};
  for (const key of (component.required ?? []) as string[]) {
    if (without.includes(key)) continue;
    const type = jsonType(doc, properties[key]);
    fromContract[key] = type ? { type: type.length === 1 ? type[0] : type } : {};
  }
  return record({ ...fromContract, ...required }, optional);
}

const counter = { type: 'integer', minimum: 1 } as const;

export function buildStateSchema(doc: OpenApiDocument) {
  const owned = (name: string) => contractRecord(doc, name, { required: { id: int, user_id: str } });
  return record(
    {
      version: { const: 1 },
      seed: int,
      users: list(
        contractRecord(doc, 'User', {
          required: { id: str, friend_ids: strings, last_seen_at: str },
          optional: {
            password_hash: nullable('string'),
            university_id: nullable('integer'),
            major: nullable('string'),
            company: nullable('string'),
            industry: nullable('string'),
            desired_industry: nullable('string'),
            location: nullable('string'),
          },
        }),
      ),
      resources: record(
        Object.fromEntries(
          RESOURCE_KINDS.map((kind) => [
            kind,
            list(contractRecord(doc, 'ResourceItem', { optional: { pending_by: strings } })),
          ]),
        ),
      ),
      notes: list(owned('Note')),
      clubs: list(owned('ClubEntry')),
      interests: list(owned('Interest')),
      directions: list(owned('Direction')),
      experiences: list(
        contractRecord(doc, 'Experience', { without: ['university'], required: { user_id: str, university_id: int } }),
      ),
      channels: list(
        contractRecord(doc, 'Channel', {
          // The count is the members' number when the group is read, never stored.
          without: ['member_count'],
          required: { id: str, users: strings, created_at: str, last_activity_at: str },
          optional: {
            parent_id: nullable('string'),
            is_public: bool,
            is_open: bool,
            expires_year: nullable('integer'),
            created_by: str,
          },
        }),
      ),
      messages: map(list(contractRecord(doc, 'Message', { required: { id: str } }))),
      saved_messages: list(record({ id: int, user_id: str, channel_id: str, message_id: str, saved_at: str })),
      tokens: map(record({ user_id: str, created_at: str }, { last_used_at: str })),
      next_id: record(
        Object.fromEntries(FIRST_COUNTERS.map((c) => [c, counter])),
        Object.fromEntries(COUNTERS.map((c) => [c, counter])),
      ),
    },
    {
      // Absent in files written before they existed: the store starts them empty.
      chat: record(
        {
          pins: map(str),
          read: map(map(int)),
          muted: map(strings),
          reports: list(contractRecord(doc, 'Report', { required: { user_id: str, channel_id: str } })),
          events: list(contractRecord(doc, 'CalendarEvent', { required: { user_id: str } })),
        },
        // Where files from before the one id scheme kept these two counters.
        { next_report_id: counter, next_event_id: counter },
      ),
      password_resets: map(record({ user_id: str, created_at: str }, { used_at: nullable('string') })),
      settings: map(contractRecord(doc, 'Settings')),
      calls: list(contractRecord(doc, 'Call')),
      feed: record({
        posts: list(
          record({
            id: str,
            user_id: str,
            text: str,
            images: list(record({ id: str, url: str, thumbnail_url: str, width: int, height: int })),
            link: nullable('string'),
            channel_id: nullable('string'),
            liked_by: strings,
            created_at: str,
          }),
        ),
        comments: list(record({ id: str, post_id: str, user_id: str, text: str, created_at: str })),
        reports: list(contractRecord(doc, 'PostReport', { required: { user_id: str } })),
        stories: list(
          record(
            {
              id: str,
              user_id: str,
              kind: { enum: ['image', 'text'] },
              image: { type: ['object', 'null'] },
              text: nullable('string'),
              background: nullable('string'),
              created_at: str,
              seen_by: strings,
            },
            { seeded: bool },
          ),
        ),
      }),
      locations: map(record({ latitude: { type: 'number' }, longitude: { type: 'number' }, expires_at: str })),
      media: list(
        record(
          { id: str, user_id: str, use: str, name: str, size: int, mime: str, file_type: int, created_at: str },
          { width: int, height: int, files: record({ original: str }, { thumb: str, avatar: str }) },
        ),
      ),
      notifications: list(
        record(
          { id: int, user_id: str, kind: str, created_at: str },
          {
            actor_id: nullable('string'),
            read_at: nullable('string'),
            connection_id: nullable('integer'),
            channel_id: nullable('string'),
            invite_id: nullable('integer'),
            message_id: nullable('string'),
            call_id: nullable('string'),
            post_id: nullable('string'),
          },
        ),
      ),
      blocks: list(record({ id: int, blocker_id: str, user_id: str, created_at: str })),
      // Each part may be absent too (the store fills it in), but a part that is there must be sound.
      social: record(
        {},
        {
          saved_lists: list(
            record({
              id: int,
              user_id: str,
              name: str,
              member_ids: strings,
              created_at: str,
              deleted_at: nullable('string'),
            }),
          ),
          connections: list(contractRecord(doc, 'Connection')),
          channel_invites: list(contractRecord(doc, 'ChannelInvite', { without: ['channel_name'] })),
          following: map(strings),
          inactive: map(strings),
        },
      ),
    },
  );
}
