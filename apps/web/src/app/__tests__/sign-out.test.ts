import { asFetchClient } from '@cohort/api';
import createQueryHooks from 'openapi-react-query';
import { describe, expect, it } from 'vitest';
import {
  directoryFiltersAtom,
  directoryKeywordAtom,
  setDirectoryFilterAtom,
} from '../../features/directory/filters.ts';
import { apiClientAtom } from '../../lib/api-client.ts';
import { isSignedInAtom, signOutAtom } from '../../lib/auth.ts';
import { queryClientAtom } from '../../lib/query.ts';
import { writeStoredSession } from '../../lib/session.ts';
import { type Answers, createTestApi, envelope, failure } from '../../test/api.ts';
import { demoSession } from '../../test/engine.ts';
import { channel, channelInvite } from '../../test/fixtures.ts';
import { createAppStore } from '../store.ts';

/** The demo account signed in on the engine (its log-out too), under `extra`. */
function signedInStore(extra: Answers = {}) {
  writeStoredSession(demoSession());
  const api = createTestApi(extra);
  return createAppStore({ baseUrl: api.baseUrl, fetch: api.fetch });
}

/** Gives the signed-in user a directory search, More-menu counts, groups and friends. */
async function useTheApp(store: ReturnType<typeof createAppStore>) {
  store.set(setDirectoryFilterAtom, 'university', ['Stanford University']);
  store.set(setDirectoryFilterAtom, 'class_of', ['2026']);
  store.set(directoryKeywordAtom, 'climate');
  await store.get(queryClientAtom).fetchQuery({
    queryKey: ['get', '/api/v1/users/me/channels'],
    queryFn: () => [channel({ id: 'chan_aaaaaaaaaaaaaaaa' })],
  });
  await store.get(queryClientAtom).fetchQuery({ queryKey: ['get', '/api/v1/users/me/friends'], queryFn: () => [] });
  expect(store.get(directoryFiltersAtom)).toEqual({ university: ['Stanford University'], class_of: ['2026'] });
}

describe('signing out clears every per-user area', () => {
  it.each([
    ['log out', (store: ReturnType<typeof createAppStore>) => store.set(signOutAtom)],
    // A 401 on any authenticated call ends the session through the client's onUnauthorized.
    [
      'a 401 ends the session',
      (store: ReturnType<typeof createAppStore>) => store.get(apiClientAtom).GET('/api/v1/users/me'),
    ],
  ])('%s', async (_name, endSession) => {
    const store = signedInStore({
      getMe: () => failure(401, 'Unauthenticated.'),
    });
    await useTheApp(store);
    await endSession(store);
    expect(store.get(isSignedInAtom)).toBe(false);
    expect(store.get(directoryFiltersAtom)).toEqual({});
    expect(store.get(directoryKeywordAtom)).toBe('');
    // Server data of every kind (the query cache) is gone.
    expect(store.get(queryClientAtom).getQueryCache().getAll()).toEqual([]);
  });

  it("an answer that arrives after log out does not land in the next session's cache", async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const store = signedInStore({
      listChannelInvites: async () => {
        await answered;
        return { body: envelope([channelInvite(1), channelInvite(2)]) };
      },
    });
    const qc = store.get(queryClientAtom);
    const api = createQueryHooks(asFetchClient(store.get(apiClientAtom)));
    const loading = qc.fetchQuery(api.queryOptions('get', '/api/v1/users/me/channel-invites')).catch(() => undefined);
    await store.set(signOutAtom);
    answer();
    await loading;
    expect(qc.getQueryData(['get', '/api/v1/users/me/channel-invites'])).toBeUndefined();
  });
});
