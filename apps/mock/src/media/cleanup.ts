import { referencedMedia } from '../store/media-use.ts';
import type { Store } from '../store/store.ts';
import type { MediaFiles } from './files.ts';

/** How long an upload may wait to be used before it is removed: a day of the mock's clock. */
export const UNUSED_UPLOAD_MS = 24 * 3_600_000;

/**
 * Removes uploads older than `maxAgeMs` (on the mock's clock) that nothing points at: the row in
 * one transaction, then its files. An upload used once and since replaced (an old profile photo) goes
 * too. The scan of profiles and messages runs only when some upload is old enough. Returns the removed ids.
 */
export async function sweepUnusedUploads(
  store: Store,
  files: MediaFiles,
  maxAgeMs = UNUSED_UPLOAD_MS,
): Promise<string[]> {
  const cutoff = store.nowMs() - maxAgeMs;
  const old = store.media.all().filter((m) => Date.parse(m.created_at) <= cutoff);
  if (old.length === 0) return [];
  const used = referencedMedia(store);
  const unused = old.filter((m) => !used.has(m.id)).map((m) => m.id);
  if (unused.length === 0) return [];
  store.transact(() => {
    for (const id of unused) store.media.remove(id);
  });
  for (const id of unused) await files.remove(id);
  return unused;
}
