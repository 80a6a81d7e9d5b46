import { QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { connectBackCloses } from '../components/ui/back-closes.ts';
import { ToastViewport } from '../components/ui/Toast.tsx';
import { queryClientAtom } from '../lib/query.ts';
import { createAppRouter } from './router.tsx';
import { keepScrollPlaces } from './scroll-memory.ts';
import { type AppStore, createAppStore } from './store.ts';

export function App({ store: given }: { store?: AppStore }) {
  const [store] = useState(() => given ?? createAppStore());
  const [router] = useState(createAppRouter);
  useEffect(() => {
    const stops = [connectBackCloses(router), keepScrollPlaces(router)];
    return () => {
      for (const stop of stops) stop();
    };
  }, [router]);
  return (
    <Provider store={store}>
      <QueryClientProvider client={store.get(queryClientAtom)}>
        <RouterProvider router={router} />
        <ToastViewport />
      </QueryClientProvider>
    </Provider>
  );
}
