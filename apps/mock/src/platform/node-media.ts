import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
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
      return storeUpload(nodeRequestOf(req.native), store, files, userId);
    },
    sweep: async (store) => {
      await sweepUnusedUploads(store, files, unusedUploadMs);
    },
  };
}

/**
 * The request busboy reads: Express's own, or, for a body already read (`--upstream` kept it to
 * send to the backend first), a stream of those bytes with the request's type.
 */
function nodeRequestOf(native: unknown): Request {
  if (!(native instanceof globalThis.Request)) return native as Request;
  const body = native.body ? Readable.fromWeb(native.body as NodeReadableStream<Uint8Array>) : Readable.from([]);
  return Object.assign(body, {
    headers: { 'content-type': native.headers.get('content-type') ?? '' },
    complete: true,
  }) as unknown as Request;
}
