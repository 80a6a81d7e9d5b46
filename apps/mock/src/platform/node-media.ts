import type { Request } from 'express';
import type { MediaPlatform } from '../engine/media.ts';
import { HttpError } from '../lib/http-error.ts';
import { sweepUnusedUploads, UNUSED_UPLOAD_MS } from '../media/cleanup.ts';
import type { MediaFiles } from '../media/files.ts';
import { storeUpload } from '../media/upload.ts';

/** Uploads on disk (`files`), streamed with busboy and re-encoded with sharp; needs the Express request. */
export function nodeMediaPlatform(files: MediaFiles, unusedUploadMs = UNUSED_UPLOAD_MS): MediaPlatform {
  return {
    upload(req, store, userId) {
      if (!req.native) throw new HttpError(500);
      return storeUpload(req.native as Request, store, files, userId);
    },
    sweep: async (store) => {
      await sweepUnusedUploads(store, files, unusedUploadMs);
    },
  };
}
