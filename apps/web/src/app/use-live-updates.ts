import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { sessionAtom } from '../lib/auth.ts';
import { startLiveUpdates } from '../lib/live-updates.ts';
import { useClient } from '../lib/query.ts';
import { refetchFeatures, streamWriters } from './stream-writers.ts';

/** Keeps the signed-in tab's one user stream open (shared by every screen) while signed in. */
export function useLiveUpdates(): void {
  const client = useClient();
  const qc = useQueryClient();
  const session = useAtomValue(sessionAtom);
  const token = session?.token;
  const me = session?.id ?? null;
  useEffect(() => {
    if (!token) return;
    return startLiveUpdates(client, qc, me, streamWriters, refetchFeatures);
  }, [client, qc, token, me]);
}
