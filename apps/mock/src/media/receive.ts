import { createWriteStream } from 'node:fs';
import { basename, join } from 'node:path';
import type { Busboy } from 'busboy';
import type { Request } from 'express';
import { HttpError } from '../lib/http-error.ts';
import { isUse, largestLimit, type MediaUse, megabytes, uploadLimits } from './limits.ts';

export interface Received {
  use: MediaUse;
  /** The client's file name, path parts removed. */
  name: string;
  /** The part's Content-Type as the client declared it. */
  declared: string;
  /** The bytes, in the staging folder. */
  path: string;
  size: number;
}

const tooLarge = (use: MediaUse | undefined, limit: number) =>
  new HttpError(
    413,
    'The file is too large.',
    { file: [`must be at most ${megabytes(limit)}${use ? ` for use ${use}` : ''}`] },
    { Connection: 'close' },
  );

/** A file name a person would recognise, without the path a browser may send and without control characters. */
function cleanName(raw: string | undefined): string {
  const printable = [...basename((raw ?? '').replaceAll('\\', '/'))].filter((c) => c >= ' ' && c !== '\u007f');
  const name = printable.join('').trim().slice(0, 255);
  return name || 'file';
}

/**
 * Streams one `multipart/form-data` upload into `staging/upload`: at most the use's limit is
 * written (the largest use's while `use` has not arrived yet) and the first byte past it ends the
 * upload with 413, so nothing is ever buffered whole. Rejects with the error to answer; the
 * caller discards the staging folder whatever happens.
 */
export async function receiveUpload(req: Request, staging: string): Promise<Received> {
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new HttpError(415, 'Send the file as multipart/form-data.', {
      body: ['must be multipart/form-data with the parts use and file'],
    });
  }
  // Loaded with the first upload, not at every start of the mock.
  const { default: busboy } = await import('busboy');
  return new Promise((resolve, reject) => {
    let parser: Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fields: 4, parts: 6, fieldSize: 1024 } });
    } catch {
      reject(HttpError.invalid({ body: ['is not a readable multipart/form-data body (no boundary)'] }));
      return;
    }
    let use: string | undefined;
    let file: { name: string; declared: string; size: number; written: Promise<void> } | undefined;
    let failed = false;
    const path = join(staging, 'upload');

    const fail = (error: HttpError) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      // Whatever the client still sends is read and dropped, so it can read the answer.
      req.resume();
      reject(error);
    };

    parser.on('field', (name, value) => {
      if (name !== 'use')
        return fail(HttpError.invalid({ [name]: ['is not a part of an upload (send use and file)'] }));
      if (use !== undefined) return fail(HttpError.invalid({ use: ['must be sent once'] }));
      use = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume();
        return fail(HttpError.invalid({ [name]: ['is not a part of an upload (send use and file)'] }));
      }
      const limit = use !== undefined && isUse(use) ? uploadLimits()[use].maxBytes : largestLimit();
      const out = createWriteStream(path, { flags: 'wx' });
      const current = { name: cleanName(info.filename), declared: info.mimeType, size: 0, written: Promise.resolve() };
      current.written = new Promise((done, broke) => {
        out.on('finish', () => done());
        out.on('error', broke);
      });
      current.written.catch(() => {});
      file = current;
      stream.on('error', () => {});
      stream.on('data', (chunk: Buffer) => {
        current.size += chunk.length;
        if (current.size > limit) {
          stream.unpipe(out);
          out.destroy();
          stream.resume();
          fail(tooLarge(use !== undefined && isUse(use) ? use : undefined, limit));
        }
      });
      stream.pipe(out);
    });
    parser.on('filesLimit', () => fail(HttpError.invalid({ file: ['only one file may be sent'] })));
    parser.on('fieldsLimit', () => fail(HttpError.invalid({ body: ['has too many parts'] })));
    parser.on('partsLimit', () => fail(HttpError.invalid({ body: ['has too many parts'] })));
    parser.on('error', () =>
      fail(HttpError.invalid({ file: ['the body ended before the upload did (incomplete multipart/form-data)'] })),
    );
    parser.on('close', () => {
      if (failed) return;
      const received = file;
      if (!received)
        return fail(
          HttpError.invalid({ file: ['is required'], ...(use === undefined ? { use: ['is required'] } : {}) }),
        );
      if (use === undefined) return fail(HttpError.invalid({ use: ['is required'] }));
      if (!isUse(use)) return fail(HttpError.invalid({ use: ['must be one of avatar, resume, attachment'] }));
      const limit = uploadLimits()[use].maxBytes;
      if (received.size > limit) return fail(tooLarge(use, limit));
      if (received.size === 0) return fail(HttpError.invalid({ file: ['is empty'] }));
      const chosen = use;
      received.written.then(
        () => resolve({ use: chosen, name: received.name, declared: received.declared, path, size: received.size }),
        () => fail(new HttpError(500)),
      );
    });
    req.on('close', () => {
      if (!req.complete) fail(HttpError.badRequest('The upload was cut off.'));
    });
    req.pipe(parser);
  });
}
