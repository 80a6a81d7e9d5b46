import { createCohortClient, createUploader } from '@cohort/api';
import type { QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { apiClientAtom } from '../lib/api-client.ts';
import { sessionEndedAtom } from '../lib/auth.ts';
import { createAppQueryClient, queryClientAtom } from '../lib/query.ts';
import { readToken } from '../lib/session.ts';
import { type UploadFn, uploadAtom } from '../lib/upload.ts';

export interface AppStoreOptions {
  /** '' = same origin (the Vite proxy sends /api to the mock). */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** Event stream reconnect delays (tests shorten them). */
  streamBackoffMs?: { min: number; max: number };
  /** Tests pass one without retries, so an error shows at once. */
  queryClient?: QueryClient;
  /** Replaces the XMLHttpRequest uploader (component tests drive progress and failures). */
  upload?: UploadFn;
}

/** A Jotai store wired to an API client and an uploader whose 401s end the session, and the app's QueryClient. */
export function createAppStore(options: AppStoreOptions = {}) {
  const store = createStore();
  const client = createCohortClient({
    baseUrl: options.baseUrl ?? '',
    getToken: readToken,
    onUnauthorized: (error) => store.set(sessionEndedAtom, error),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.streamBackoffMs ? { streamBackoffMs: options.streamBackoffMs } : {}),
  });
  store.set(apiClientAtom, client);
  store.set(
    uploadAtom,
    options.upload ??
      createUploader({
        baseUrl: options.baseUrl ?? '',
        getToken: readToken,
        onUnauthorized: (error) => store.set(sessionEndedAtom, error),
      }),
  );
  store.set(queryClientAtom, options.queryClient ?? createAppQueryClient());
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
