import type { Schemas } from '@cohort/api';
import { type Answers, envelope, type TestStream } from '@/test/api.ts';
import { demoUser } from '@/test/fixtures.ts';

export const MAYA = {
  id: 'usr_maya000000000000',
  first_name: 'Maya',
  last_name: 'Chen',
  profile_image: null,
  last_seen_at: null,
  email: 'maya@cohort.test',
  description: null,
  created_at: '2025-09-01T09:30:00.000Z',
  updated_at: '2025-09-01T09:30:00.000Z',
};

const at = '2026-11-25T08:00:00.000Z';
/** A call between me and Maya; `incoming` when Maya calls me. */
export function call(over: Partial<Schemas['Call']> = {}, incoming = true): Schemas['Call'] {
  return {
    id: 'call_0000000000000001',
    caller_id: incoming ? MAYA.id : demoUser.id,
    callee_id: incoming ? demoUser.id : MAYA.id,
    kind: 'audio',
    status: 'ringing',
    end_reason: null,
    created_at: at,
    answered_at: null,
    ended_at: null,
    ...over,
  };
}

/** Answers the overlay needs: Maya's profile and the call configuration. */
export const CALL_HANDLERS: Answers = {
  getUser: () => ({ body: envelope(MAYA) }),
  getCallConfig: () => ({ body: envelope({ ice_servers: [], ring_seconds: 30 }) }),
  listCalls: () => ({ body: { ...envelope([]), meta: { has_more: false, next_before: null } } }),
};

export function openStream(streams: TestStream[]): TestStream | undefined {
  return streams.find((st) => st.path === '/api/v1/users/me/stream' && !st.closed());
}
