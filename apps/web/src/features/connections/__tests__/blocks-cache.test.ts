import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { envelope } from '@/test/api.ts';
import { demoUser } from '@/test/fixtures.ts';
import { blocksChanged } from '../api/blocks.ts';

const ID = 'usr_other00000000001';
const userKey = ['get', '/api/v1/users/{id}', { params: { path: { id: ID } } }];
const otherUserKey = ['get', '/api/v1/users/{id}', { params: { path: { id: 'usr_someone000000001' } } }];

/** What a block makes stale: every screen that shows the person or lists people. */
const shownElsewhere: [string, unknown[]][] = [
  ['search results', ['get', '/api/v1/users/search', { params: { query: { keyword: 'pri', per_page: 30 } } }]],
  ['friends list', ['get', '/api/v1/users/me/friends']],
  ['invitations', ['get', '/api/v1/users/me/connections', { params: { query: { direction: 'incoming' } } }]],
  ['blocked people', ['get', '/api/v1/users/me/blocks', 'pages']],
  ['notifications', ['get', '/api/v1/users/me/notifications', { params: { query: { limit: 1 } } }]],
  ['the profile', userKey],
];

function seeded() {
  const qc = new QueryClient();
  for (const [, key] of shownElsewhere) qc.setQueryData(key, { seeded: true });
  qc.setQueryData(userKey, envelope({ ...demoUser, id: ID }));
  qc.setQueryData(otherUserKey, envelope({ ...demoUser, id: 'usr_someone000000001' }));
  return qc;
}

describe('blocksChanged', () => {
  it.each(shownElsewhere)('a block makes the %s stale', (_, key) => {
    const qc = seeded();
    blocksChanged(qc, ID, true);
    expect(qc.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it("sets is_blocked on the person's profile at once, and drops it on unblock; nobody else's changes", () => {
    const qc = seeded();
    const blocked = () => (qc.getQueryData(userKey) as { data: { is_blocked?: boolean } }).data.is_blocked;
    blocksChanged(qc, ID, true);
    expect(blocked()).toBe(true);
    blocksChanged(qc, ID, false);
    expect(blocked()).toBeUndefined();
    expect(qc.getQueryState(otherUserKey)?.isInvalidated).toBe(false);
  });
});
