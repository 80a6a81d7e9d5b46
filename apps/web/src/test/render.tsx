import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { type ComponentType, Fragment, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/router.tsx';
import { type AppStore, createAppStore } from '../app/store.ts';
import { ToastViewport } from '../components/ui/Toast.tsx';
import { createAppQueryClient, queryClientAtom } from '../lib/query.ts';
import { writeStoredSession } from '../lib/session.ts';
import type { UploadFn } from '../lib/upload.ts';
import { type Answers, createTestApi, type TestApiOptions } from './api.ts';
import { demoSession } from './engine.ts';
import { createFakeUploader } from './fake-upload.ts';

/**
 * Renders the whole app (real routes, guards, atoms, client) at `path` on a test server (test/api.ts):
 * the mock engine, under `answers` as overrides; `signedIn` signs in the seeded demo account.
 */
export function renderApp({
  path,
  answers = {},
  signedIn = false,
  state,
  wrapper: Wrapper = Fragment,
  upload,
  streams,
}: {
  path: string;
  answers?: Answers;
  signedIn?: boolean;
  state?: unknown;
  /** Wraps the app, e.g. in react-virtuoso's VirtuosoMockContext so a list renders all its items. */
  wrapper?: ComponentType<{ children: ReactNode }>;
  /** The uploader (test/fake-upload.ts); without one, an upload fails as unreachable. */
  upload?: UploadFn;
  /** Who serves the event streams: the engine (default) or the test, by hand through `streams`. */
  streams?: TestApiOptions['streams'];
}) {
  if (signedIn) writeStoredSession(demoSession());
  const api = createTestApi(answers, { streams });
  const store = createTestStore(api, upload);
  const router = createMemoryRouter(routes, {
    initialEntries: [
      { pathname: path.split('?')[0] ?? path, search: path.includes('?') ? `?${path.split('?')[1]}` : '', state },
    ],
  });
  const user = userEvent.setup();
  const view = render(
    <Wrapper>
      <Provider store={store}>
        <QueryClientProvider client={store.get(queryClientAtom)}>
          <RouterProvider router={router} />
          <ToastViewport />
        </QueryClientProvider>
      </Provider>
    </Wrapper>,
  );
  return { ...view, user, router, store, calls: api.calls, streams: api.streams, live: api.live };
}

/** A store as the app makes it, on a test server (`createTestApi`): no query retries, fast stream reconnects. */
export function createTestStore(api: { baseUrl: string; fetch: typeof globalThis.fetch }, upload?: UploadFn) {
  return createAppStore({
    upload: upload ?? createFakeUploader().upload,
    baseUrl: api.baseUrl,
    fetch: api.fetch,
    queryClient: createAppQueryClient({ retries: false }),
    streamBackoffMs: { min: 5, max: 20 },
  });
}

/** Jotai and the query cache of `store`, for rendering a piece of the app (a hook, a drawer). */
export function TestProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <QueryClientProvider client={store.get(queryClientAtom)}>{children}</QueryClientProvider>
    </Provider>
  );
}
