import { demoUser, envelope, type FakeStream, type Handler } from '../../../test/fake-api.ts';

export const MAYA = {
  id: 'usr_maya000000000000',
  first_name: 'Maya',
  last_name: 'Chen',
  profile_image: null,
  last_seen_at: null,
  email: 'maya@cohort.test',
};

const at = '2026-11-25T08:00:00.000Z';
/** A call between me and Maya; `incoming` when Maya calls me. */
export function call(over: Record<string, unknown> = {}, incoming = true) {
  return {
    id: 'call_000000000001',
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
export const CALL_HANDLERS: Record<string, Handler> = {
  'GET /api/v1/users/{id}': () => ({ body: envelope(MAYA) }),
  'GET /api/v1/calls/config': () => ({ body: envelope({ ice_servers: [], ring_seconds: 30 }) }),
  'GET /api/v1/calls': () => ({ body: { ...envelope([]), meta: { has_more: false, next_before: null } } }),
};

export function openStream(streams: FakeStream[]): FakeStream | undefined {
  return streams.find((st) => st.path === '/api/v1/users/me/stream' && !st.closed());
}
