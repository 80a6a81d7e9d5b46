import type { EngineRequest } from '../lib/http.ts';
import type { StoredMedia } from '../store/media.ts';
import type { Store } from '../store/store.ts';

/**
 * Where uploads go: the Node platform streams them to disk and re-encodes images (busboy, sharp);
 * an engine without it keeps the bytes in memory. Either answers per the contract.
 */
export interface MediaPlatform {
  /** Reads the multipart upload of `req`, checks it and adds its row; throws an `HttpError` when refused. */
  upload(req: EngineRequest, store: Store, userId: string): Promise<StoredMedia>;
  /** Removes uploads nothing points at once they are old enough (the mock's clock). */
  sweep(store: Store): Promise<void>;
}
