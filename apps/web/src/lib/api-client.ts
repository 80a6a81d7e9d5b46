import type { CohortClient } from '@cohort/api';
import { atom } from 'jotai';

const clientAtom = atom<CohortClient | null>(null);

/** The one API client of the app; set once per store by `createAppStore` (tests inject their own fetch). */
export const apiClientAtom = atom(
  (get) => {
    const client = get(clientAtom);
    if (!client) throw new Error('The API client is not set: create the store with createAppStore().');
    return client;
  },
  (_get, set, client: CohortClient) => set(clientAtom, client),
);
