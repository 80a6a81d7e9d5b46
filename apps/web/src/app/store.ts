import { createCohortClient } from '@cohort/api';
import { createStore } from 'jotai';
import { readToken } from '../lib/session.ts';
import { apiClientAtom } from '../state/api.ts';
import { sessionEndedAtom } from '../state/userAuth.ts';

export interface AppStoreOptions {
  /** '' = same origin (the Vite proxy sends /api to the mock). */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
}

/** A Jotai store wired to an API client whose 401s end the session. */
export function createAppStore(options: AppStoreOptions = {}) {
  const store = createStore();
  const client = createCohortClient({
    baseUrl: options.baseUrl ?? '',
    getToken: readToken,
    onUnauthorized: (error) => store.set(sessionEndedAtom, error),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  store.set(apiClientAtom, client);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
