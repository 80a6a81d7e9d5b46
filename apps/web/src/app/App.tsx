import { QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ToastViewport } from '../components/ui/Toast.tsx';
import { queryClientAtom } from '../lib/query.ts';
import { createAppRouter } from './router.tsx';
import { type AppStore, createAppStore } from './store.ts';

export function App({ store: given }: { store?: AppStore }) {
  const [store] = useState(() => given ?? createAppStore());
  const [router] = useState(createAppRouter);
  return (
    <Provider store={store}>
      <QueryClientProvider client={store.get(queryClientAtom)}>
        <RouterProvider router={router} />
        <ToastViewport />
      </QueryClientProvider>
    </Provider>
  );
}
