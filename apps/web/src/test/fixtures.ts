import type { Schemas } from '@cohort/api';
import { envelope } from './api.ts';

/** The seeded demo account's id (the engine's, test/__tests__/engine.test.tsx checks it); the other fields are a fixture's. */
export const demoUser = {
  id: 'usr_U-qTtcJmmUZGoMse',
  email: 'demo@cohort.test',
  first_name: 'Dana',
  last_name: 'Okafor',
  profile_image: null,
  description: 'MBA candidate.',
  phone: '+1 650 555 0142',
  program: 'MBA',
  university: 'Stanford University',
  graduation_year: 2026,
  emails: [],
  created_at: '2025-09-01T09:30:00.000Z',
  updated_at: '2026-10-12T17:04:51.000Z',
} satisfies Schemas['User'];

/** A token for a test's own sign-in answer (`login`, `register`); `signedIn` uses a real one (test/engine.ts). */
export const TOKEN = 'tok_0123456789abcdef0123456789abcdef';

export function resourcePage(names: string[]) {
  return envelope({
    data: names.map((name, i) => ({ id: i + 1, name })),
    current_page: 1,
    per_page: 100,
    total: names.length,
    last_page: 1,
  });
}

const AT = '2026-11-01T10:00:00.000Z';

/** A group as lists show it: the contract's required fields, then `over`. */
export function channel(over: Partial<Schemas['Channel']> & { id: string }): Schemas['Channel'] {
  const users = over.users ?? [demoUser.id];
  return { name: 'Founders', description: '', tags: [], is_closed: false, users, member_count: users.length, ...over };
}

/** A pending invitation of mine to a group. */
export function channelInvite(id: number, over: Partial<Schemas['ChannelInvite']> = {}): Schemas['ChannelInvite'] {
  return {
    id,
    channel_id: 'chan_invited0000000001',
    channel_name: 'Founders',
    user_id: demoUser.id,
    invited_by: 'usr_inviter000000000001',
    status: 'pending',
    created_at: AT,
    ...over,
  };
}
